"""Plan -> PDF for management sign-off."""
