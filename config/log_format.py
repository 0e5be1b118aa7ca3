"""LOG_FORMAT=json (config/settings.py): every log line one JSON object, for a log collector that
reads fields: the time (ISO 8601, UTC, milliseconds), the level, the logger's name, the message
with its arguments filled in, and the exception's traceback when the line has one. A formatter of
the standard library's logging, so no dependency: the few fields need no more."""

import json
import logging
from datetime import UTC, datetime


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        line = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        elif record.exc_text:
            line["exception"] = record.exc_text
        if record.stack_info:
            line["stack"] = self.formatStack(record.stack_info)
        # Escaped to ASCII: one line whatever the message holds (a newline, a player's name), on any stream.
        return json.dumps(line)
