"""ghosts"""
