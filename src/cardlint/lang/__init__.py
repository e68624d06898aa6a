"""The four languages of card text, one folder each (front end, normalisation, builder), and what they share."""
