"""Accounts as the player meets them: the routes of ``/api/account`` (passkeys, recovery codes, sessions), and
leaving: an account deleted, its player's data given back as one file. The passkeys themselves are the people's
(``people.accounts``)."""
