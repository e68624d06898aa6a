"""English card text (Oracle and the printed English of every era)."""
