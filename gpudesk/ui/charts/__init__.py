"""ui/charts"""
