"""ui/models"""
