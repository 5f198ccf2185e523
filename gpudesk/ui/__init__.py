"""Qt user interface: thin widgets bound to core models."""
