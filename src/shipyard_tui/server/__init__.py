"""Playing together over SSH.

``shipyard serve`` runs two things in one process: the :class:`~.host.TableHost`, which
owns every game (engine, turn order, bots, autosaves) and speaks line-delimited JSON on a
Unix socket in the data directory; and an SSH server (:mod:`.ssh`) that authenticates
players by public key and gives each connection its own interface process in its own
pseudo-terminal (``shipyard ssh-session``, forked from the fork server of
:mod:`.forkserver`, which has the interface imported). That process sees the game through a
:class:`~.remote.RemoteModel`, fed only with its own seat's view.
"""
