"""Block motion estimation with N-queens subsampling."""
