"""What an answer becomes: the report (text, JSON) and the pictures (SVG, PNG)."""
