"""The words of the network page, in the viewer's language.

The page shows the clock's own texts as the feed makes them in the viewer's
language (levels, blinds, payouts: one formatter for the TV and the page), and
its own few words (buttons, headings) from here, so every word the page shows
comes from the same translated catalogue as the rest of the app.
"""

from __future__ import annotations

from director.i18n import _, language


def page_texts() -> dict[str, str]:
    """The page's own words in the current language."""
    return {
        "language": language(),
        "title": _("director — live clock"),
        "connecting": _("Connecting…"),
        "connection_lost": _("Connection lost: reconnecting…"),
        "awake_missing": _("Screen may sleep: this browser cannot keep it on here."),
        "awake_refused": _("Screen may sleep: the browser refused to keep it on."),
        "no_event": _("No event is shared right now."),
        "paused": _("Paused"),
        "seats": _("Seats"),
        "find_title": _("Find my seat"),
        "find_placeholder": _("Your name"),
        "find_none": _("No player by that name."),
        "find_hint": _("Type the first letters of your name."),
        "remote_title": _("Remote control"),
        "pair_title": _("Pair this phone as the organizer's remote"),
        "pair_open": _("Use as the remote"),
        "pair_name": _("Name of this phone"),
        "pair_default_name": _("Organizer's phone"),
        "pair_button": _("Pair this phone"),
        "pair_hint": _(
            "For the organizer: type the code the console shows beside the pairing QR "
            "code, or scan that QR code."
        ),
        "pair_code": _("Pairing code"),
        "pair_code_missing": _("Type the code the console shows."),
        "paired_as": _("Paired as {name}."),
        "unpair": _("Forget this phone"),
        "start": _("Start"),
        "resume": _("Resume"),
        "pause": _("Pause"),
        "previous_level": _("◀ Level"),
        "next_level": _("Level ▶"),
        "add_minute": _("+1 min"),
        "remove_minute": _("−1 min"),
        "hand_done": _("Hand done"),
        "table": _("Table {table}"),
        "bust": _("Bust"),
        "rebuy": _("Re-buy"),
        "player": _("Player"),
        "eliminator": _("Knocked out by"),
        "nobody": _("Nobody recorded"),
        "chips_now": _("Chips now (at most {chips})"),
        "paid": _("Paid now"),
        "record_bust": _("Record the bust"),
        "record_rebuy": _("Record the re-buy"),
        "confirm_bust": _("{player} is out: record it?"),
        "confirm_rebuy": _("Record a re-buy for {player}?"),
        "done": _("Done: {action}"),
        "working": _("Sending…"),
        "not_sent": _("Not sent: the connection to the console failed."),
        # A helper's phone at the door or the bank (/helper).
        "helper_title": _("director — helper's phone"),
        "helper_heading": _("Entries and payments"),
        "helper_pair_title": _("Make this phone a helper's phone"),
        "helper_pair_hint": _(
            "At the door or the bank: take buy-ins, re-buys, re-entries, add-ons and payments."
        ),
        "helper_default_name": _("Door"),
        "helper_code": _("The helpers' code"),
        "helper_pair_button": _("Use this phone to help"),
        "helper_filter": _("Find a player"),
        "helper_registered": _("expected"),
        "helper_playing": _("playing"),
        "helper_busted": _("out"),
        "helper_buy_in": _("Buy-in"),
        "helper_rebuy": _("Re-buy"),
        "helper_reentry": _("Re-entry"),
        "helper_addon": _("Add-on"),
        "helper_pay": _("Payment received"),
        "helper_new_name": _("A new player's name"),
        "helper_new_button": _("Add to the roster and buy in"),
        # The dealer's phone of one table (/dealer).
        "dealer_title": _("director — dealer's phone"),
        "dealer_heading": _("Dealer's phone"),
        "dealer_pair_title": _("Make this phone the table's dealer phone"),
        "dealer_pair_hint": _(
            "Leave it on the table: whoever deals taps Hand done after each hand."
        ),
        "dealer_default_name": _("Table phone"),
        "dealer_code": _("The table's code"),
        "dealer_pair_button": _("Use this phone at the table"),
        "dealer_scan": _(
            "Scan your table's code on the console, or type it below, to make this phone "
            "the table's dealer phone."
        ),
        "dealer_scan_again": _(
            "To report a table's hands, scan its code on the console or type it below."
        ),
        "hands_played": _("Hands played: {hands}"),
        "this_hand": _("This hand: {time}"),
        "hand_for_hand": _("Hand-for-hand"),
        "wait": _("Wait"),
        "button_not_placed": _("The button is not placed yet: the console places it."),
        "marks_legend": _("D = button · SB = small blind · BB = big blind"),
        "empty_seat": _("empty seat"),
        "dead_button": _("dead button"),
        "dead_small_blind": _("dead small blind"),
        "moves_title": _("Players to move"),
        "move_done": _("Done"),
        "bust_title": _("A player is out"),
        "choose": _("Choose…"),
        "confirm_bust_by": _("{player} is out, knocked out by {eliminator}: record it?"),
        "confirm_yes": _("Yes, record it"),
        "cancel": _("Cancel"),
        "confirm_forget": _(
            "Forget this phone? To report this table's hands again, scan its code on the console."
        ),
        "call_floor": _("Call the floor"),
        "floor_called": _("Floor called at {time}"),
        "floor_coming": _("The floor is coming"),
        "shot_clock": _("Shot clock"),
        "shot_start": _("Start the shot clock"),
        "shot_stop": _("Stop"),
        "shot_bank": _("Time bank"),
        "shot_bank_left": _("Time bank ({count} left)"),
        "shot_time_up": _("Time!"),
    }
