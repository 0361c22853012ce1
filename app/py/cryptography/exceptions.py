"""The exception the stand-in raises when a finalized cipher context is used again."""


class AlreadyFinalized(Exception):
    pass
