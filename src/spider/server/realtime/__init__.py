"""The site's socket and the brokers, knowing no domain: the domains register on them.

- ``broker``: publish/subscribe by topic, the in-process broker; ``redis_broker``: the same across processes;
- ``sockets``: ``/api/socket``, its limits and its table of the frames, messages and hooks the domains register.
"""
