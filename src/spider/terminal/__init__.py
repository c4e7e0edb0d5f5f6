"""Spider in a terminal (SPEC 5): ``spider play`` opens the table full-screen, played with the keys of
the web page and with the mouse (:mod:`spider.terminal.app`)."""

from spider.terminal.app import SpiderApp, play

__all__ = ["SpiderApp", "play"]
