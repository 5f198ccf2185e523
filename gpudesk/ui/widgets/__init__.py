"""ui/widgets"""
