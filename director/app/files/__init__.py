"""Files the organizer keeps and exchanges: settings, blind structures, payout and chip-set files,
CSV in and out, and where a report may be written."""
