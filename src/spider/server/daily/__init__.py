"""daily"""
