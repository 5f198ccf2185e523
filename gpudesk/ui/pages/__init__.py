"""ui/pages"""
