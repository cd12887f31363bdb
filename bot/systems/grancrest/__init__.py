"""Grancrest RPG (グランクレストRPG): pure rules."""
