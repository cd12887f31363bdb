"""Esperancer TRPG (エスペランサーTRPG): pure rules."""
