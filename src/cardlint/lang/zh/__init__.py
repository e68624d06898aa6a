"""Simplified Chinese (zh-Hans) card text."""
