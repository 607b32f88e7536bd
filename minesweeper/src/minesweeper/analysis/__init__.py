"""What a position means: the collapse into classes, exact probabilities and counts,
the verdict of the SAT and backtracking solvers, the advice and the games it plays."""
