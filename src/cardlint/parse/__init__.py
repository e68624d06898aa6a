"""Grammar loading and per-language front ends."""
