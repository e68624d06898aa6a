"""The message language follows gettext's environment variables (``--ui-lang`` overrides them):
tests expect English messages unless they ask for another language, whatever the developer's locale."""

import os

for _var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
    os.environ.pop(_var, None)
