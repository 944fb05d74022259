"""The network layer: the authority that owns a table, and the transports that feed it.

``table`` is the authority (state, clocks, bots, the one outbound filter); ``local``
runs it in-process; ``host`` and ``peer`` carry it over ZeroMQ; ``log`` keeps it on
disk; ``discovery`` announces it on the LAN.
"""
