"""Every message code the core and the store use, with its English template.

Templates are gettext msgids (translated by ``i18n.render``); ``{name}``
fields are filled from the message's arguments, ``{x:money}`` formats minor
units as money, ``{x:n}`` groups digits. A test checks that every code raised
anywhere in the package has a template here.
"""

from __future__ import annotations

from director.core.messages import N_

MESSAGES: dict[str, str] = {
    # -- undo labels (what a command does, as a short phrase) ----------------
    "create_tournament": N_("create event"),
    "rename_tournament": N_("rename event"),
    "set_up_event": N_("set up the event ({players} players)"),
    "edit_details": N_("change date and place"),
    "archive_event": N_("archive event"),
    "unarchive_event": N_("bring event back from the archive"),
    "edit_structure": N_("change the blind structure"),
    "add_level_structure": N_("add a level"),
    "add_break_structure": N_("add a break"),
    "delete_structure": N_("delete from the structure"),
    "move_structure": N_("move a level"),
    "template_structure": N_("load a structure template"),
    "generate_structure": N_("generate a structure"),
    "replan_structure": N_("re-plan the rest of the structure"),
    "import_structure": N_("import a structure"),
    "start_clock": N_("start the clock"),
    "plan_start": N_("plan the start"),
    "set_shot_clock_options": N_("change the shot clock"),
    "start_shot_clock": N_("start the shot clock for {player}"),
    "stop_shot_clock": N_("stop the shot clock"),
    "use_time_bank": N_("use a time-bank chip for {player}"),
    "resume_clock": N_("resume the clock"),
    "pause_clock": N_("pause the clock"),
    "next_level": N_("next level"),
    "previous_level": N_("previous level"),
    "go_to_level": N_("go to level {level}"),
    "add_time": N_("add time"),
    "remove_time": N_("remove time"),
    "set_time_left": N_("set the time left"),
    "next_hand": N_("next hand"),
    "set_clock_options": N_("change when new levels apply"),
    "set_money_settings": N_("change the buy-in and re-buy settings"),
    "set_cash_settings": N_("change the cash game settings"),
    "register_player": N_("register {player}"),
    "buy_in": N_("buy-in of {player}"),
    "set_starting_stack": N_("starting stack of {player}"),
    "reentry": N_("re-entry of {player}"),
    "rebuy": N_("re-buy of {player}"),
    "addon": N_("add-on of {player}"),
    "top_up": N_("top-up of {player}"),
    "pay_debt": N_("payment by {player}"),
    "pay_out_due": N_("payment to {player}"),
    "bust": N_("bust of {player}"),
    "revert_bust": N_("putting {player} back in"),
    "remove_entry": N_("removing an entry of {player}"),
    "cash_out": N_("cash-out of {player}"),
    "take_rake": N_("rake taken"),
    "set_table_options": N_("change the table settings"),
    "draw_seats": N_("draw seats"),
    "draw_for_button": N_("draw for the button"),
    "set_button": N_("place the button"),
    "hand_done": N_("hand done at table {table}"),
    "confirm_move": N_("move of {player}"),
    "confirm_all_moves": N_("confirm all moves"),
    "move_player": N_("move of {player}"),
    "set_break_order": N_("change the breaking order"),
    "hand_for_hand_on": N_("start hand-for-hand"),
    "hand_for_hand_off": N_("stop hand-for-hand"),
    "redraw_final_table": N_("redraw the final table"),
    "set_table_layout": N_("change table {table}'s name and seats"),
    "lock_seat": N_("lock seat {seat} at table {table}"),
    "unlock_seat": N_("free seat {seat} at table {table}"),
    "sit_out": N_("{player} away"),
    "sit_in": N_("{player} back"),
    "post_blinds": N_("blinds posted by {player}"),
    "play_over": N_("{player} plays over a seat"),
    "keep_mistaken_hand": N_("{player}'s hand stands, he posts on the next hand"),
    "change_seat_after_button": N_("{player} changes seats after the button"),
    "set_payouts": N_("change the payouts"),
    "accept_deal": N_("accept the deal"),
    "pay_prize": N_("payment of {player}'s winnings"),
    "set_chip_set": N_("change the chip set"),
    # -- errors from the rules --------------------------------------------------
    "name_empty": N_("A name is needed."),
    "name_too_long": N_("The name is too long (at most {maximum} characters)."),
    "name_unchanged": N_("That is already the name."),
    "venue_too_long": N_("The place is too long (at most {maximum} characters)."),
    "text_too_long": N_("A text is too long (at most {maximum} characters)."),
    "text_control_character": N_(
        "A text cannot contain control characters such as tabs, line breaks "
        "or escapes ({character})."
    ),
    "text_not_text": N_("A text was expected."),
    "bad_date": N_("“{value}” is not a date; use the form 2026-11-21."),
    "details_unchanged": N_("Nothing to change."),
    "archive_unchanged": N_("The event is already in that state."),
    "event_already_created": N_("This event already exists."),
    "event_not_created": N_("This event has not been created."),
    "unknown_command": N_("This action is not known ({type})."),
    "unknown_event": N_("A stored event is not known ({type})."),
    "nothing_to_undo": N_("There is nothing to undo."),
    "nothing_to_redo": N_("There is nothing to redo."),
    "undo_out_of_order": N_("Only the last action can be undone."),
    "redo_out_of_order": N_("Only the last undone action can be redone."),
    "bad_data": N_("The data is not valid ({type}: {detail})."),
    "unknown_record_type": N_(
        "The file holds a kind of {kind} this version does not know ({type})."
    ),
    "record_from_newer_version": N_("This was written by a newer version of director ({type})."),
    "no_upcaster": N_("This record cannot be read by this version ({type} v{version})."),
    "structure_without_levels": N_("The blind structure needs at least one level."),
    "structure_too_long": N_("The blind structure has too many levels."),
    "structure_unchanged": N_("The structure is already like this."),
    "duration_not_positive": N_("Row {row}: the length must be more than zero."),
    "amount_negative": N_("Row {row}: amounts cannot be negative."),
    "amount_too_large": N_("Row {row}: that amount is too large."),
    "big_blind_not_positive": N_("Row {row}: the big blind must be more than zero."),
    "big_blind_below_small_blind": N_("Row {row}: the big blind must be at least the small blind."),
    "ante_without_kind": N_(
        "Row {row}: choose whether the ante is per player or a big blind ante."
    ),
    "ante_kind_without_ante": N_("Row {row}: the ante amount is missing."),
    "small_bet_not_positive": N_("Row {row}: a limit game needs a small bet."),
    "big_bet_below_small_bet": N_("Row {row}: the big bet must be at least the small bet."),
    "blinds_go_down": N_("Row {row}: the blinds go down."),
    "past_levels_frozen": N_(
        "Levels already played cannot be changed (the clock is at level {level})."
    ),
    "clock_running": N_("The clock is already running."),
    "clock_already_started": N_("The clock has already started: a start can no longer be planned."),
    "planned_start_past": N_("The planned start must be later than now."),
    "replan_target_too_soon": N_(
        "The end wanted leaves no time for a level after this one: choose a later time."
    ),
    "replan_before_first_level": N_("The structure can be re-planned once a level is played."),
    "bad_replan": N_("The level and break lengths cannot make a structure."),
    "shot_clock_bad_seconds": N_("A shot clock lasts from {minimum} to {maximum} seconds."),
    "time_bank_bad_chips": N_("Each player has from 0 to {maximum} time-bank chips."),
    "shot_clock_not_playing": N_("{player} is not playing: no shot clock."),
    "shot_clock_not_seated": N_("{player} has no seat: no shot clock."),
    "shot_clock_none": N_("No shot clock runs at table {table}."),
    "time_bank_off": N_("This event has no time-bank chips."),
    "time_bank_no_shot_clock": N_("No shot clock runs for {player}."),
    "time_bank_used_up": N_("{player} has no time-bank chip left."),
    "clock_not_running": N_("The clock is not running."),
    "clock_not_started": N_("Start the clock first."),
    "pause_in_future": N_("A pause cannot be in the future."),
    "no_next_level": N_("This is the last level."),
    "no_previous_level": N_("This is the first level."),
    "no_such_level": N_("There is no such level."),
    "level_counted_in_hands": N_("This level is counted in hands, not time."),
    "bad_time": N_("That is not a valid time."),
    "time_left_at_most_level_length": N_("The time left cannot be more than the level's length."),
    "no_time_left": N_("There is no time left to remove."),
    "on_break": N_("No hands are dealt during a break."),
    "hands_counted_with_hand_done": N_(
        "Hand done at table {table} counts the hands of this level: no need to count them here."
    ),
    "options_unchanged": N_("Nothing to change."),
    "structure_file_not_json": N_("This file is not a structure file (it is not JSON)."),
    "not_a_structure_file": N_("This file is not a director blind structure."),
    "structure_file_newer": N_("This structure file comes from a newer version of director."),
    "structure_file_invalid": N_("This structure file is damaged ({detail})."),
    "structure_file_unreadable": N_("The file {path} cannot be read."),
    "structure_file_unwritable": N_("The file could not be written ({detail})."),
    "template_not_deletable": N_("Templates that come with director cannot be deleted."),
    "generator_players": N_("Give a number of players between 2 and 10,000."),
    "generator_stack": N_("Give a starting stack."),
    "generator_chips": N_("List the chips on the table as numbers, such as 25, 100, 500."),
    "generator_level_minutes": N_("Levels must last between 1 and 240 minutes."),
    "generator_target": N_("The night must last at least one level and at most 48 hours."),
    "generator_breaks": N_("Breaks cannot be negative."),
    "generator_stack_not_payable": N_(
        "The starting stack must be a multiple of the smallest chip ({chip})."
    ),
    "addon_already_taken": N_("{player} has already taken the add-on."),
    "addon_chips_missing": N_("Give the add-on's chips."),
    "addon_levels_invalid": N_("The add-on's first level must come before its last level."),
    "addon_not_now": N_("The add-on is offered from level {first} to the end of level {last}."),
    "addon_not_offered": N_("This event has no add-on."),
    "already_bought_in": N_("{player} is already playing."),
    "starting_stack_after_buy_in": N_(
        "{player} has already bought in: his starting stack is in play."
    ),
    "already_seated": N_("{player} is already at the table; use a top-up."),
    "amount_missing": N_("Give an amount."),
    "amount_not_whole": N_("“{value}” is not a whole amount."),
    "amount_not_whole_chips": N_("{amount:money} does not buy a whole number of chips."),
    "busted_use_reentry": N_("{player} is out; use a re-entry or a re-buy."),
    "cannot_bust_everyone": N_("At least one player must be left in."),
    "cash_buy_in_too_large": N_("The largest buy-in is {maximum:money}."),
    "cash_buy_in_too_small": N_("The smallest buy-in is {minimum:money}."),
    "cash_end_before_start": N_("The game must end after it starts."),
    "cash_buy_in_limits_invalid": N_("The largest buy-in must be at least the smallest."),
    "chip_value_invalid": N_("Give what the chips are worth (more than zero)."),
    "chips_not_whole_money": N_("{chips:n} chips are not worth a whole amount of money."),
    "eliminator_is_out": N_("{player} is not in any more and cannot have knocked anyone out."),
    "event_finished": N_("The event is over."),
    "fee_and_bounty_exceed_buy_in": N_("The fee and the bounty cannot be more than the price."),
    "import_players_in_use": N_(
        "The last import cannot be taken back: players it added ({players}) have played "
        "since, in {events}. Remove them from those events first, or keep the import."
    ),
    "event_not_in_league": N_("These past results were not imported into this league."),
    "season_pot_exceeds_buy_in": N_(
        "The season pot ({pot:money}) cannot be more than what the fee and the bounty leave of "
        "the buy-in ({most:money})."
    ),
    "fee_percent_out_of_range": N_("The fee must be between 0% and 100%."),
    "late_registration_closed": N_("Late registration ended with level {level}."),
    "level_number_negative": N_("Level numbers cannot be negative."),
    "money_settings_missing": N_("Set the buy-in and the starting chips first."),
    "no_player_chosen": N_("Choose a player first."),
    "not_in_a_cash_game": N_("Not in a cash game."),
    "only_in_a_cash_game": N_("Only in a cash game."),
    "rake_kind_unknown": N_("“{kind}” is not a kind of rake: pot, hour or player."),
    "rake_percent_out_of_range": N_("The rake must be above 0% and at most 100% of the pot."),
    "rake_amount_missing": N_("Say how much the rake charges."),
    "rake_none": N_("This game takes no rake: set its rule in the cash game's settings."),
    "rake_pot_missing": N_("Type the pot's chips to take the rake from."),
    "rake_pot_only": N_("This game's rake is a charge per player, not from a pot."),
    "rake_nothing_to_take": N_("Nothing to take: the pot is too small, or nobody is charged."),
    "nothing_due": N_("The bank owes {player} nothing."),
    "not_money": N_("“{value}” is not an amount of money."),
    "payment_same_party": N_("A payment needs two different parties."),
    "payment_amount_zero": N_("Type an amount above zero."),
    "payment_too_large": N_("That amount is too large ({most:money} at most)."),
    "payment_method_too_long": N_("The way to pay is too long ({most} characters at most)."),
    "nothing_to_write_off": N_("{player} owes nothing and is owed nothing."),
    "write_off_too_large": N_("Only {most:money} is open."),
    "club_nothing_to_undo": N_("No payment, write-off or expense to take back."),
    "club_nothing_to_redo": N_("Nothing taken back to record again."),
    "expense_split_unknown": N_(
        "“{split}” is not a way to split: all, hours, or players' names separated by commas."
    ),
    "expense_needs_night": N_("Say which night the expense is shared at."),
    "expense_hours_cash_only": N_("Only a cash game's expense can be split by hours played."),
    "expense_nobody_to_share": N_("Nobody to share the expense with."),
    "club_journal_changed": N_(
        "Another copy recorded a payment meanwhile: look at the balances again, then retry."
    ),
    "nothing_owed": N_("{player} owes nothing."),
    "nothing_to_refund": N_("{player} has nothing to refund."),
    "payment_more_than_due": N_("The bank owes only {due:money}."),
    "payment_more_than_owed": N_("Only {owed:money} is owed."),
    "player_already_out": N_("{player} is already out."),
    "player_already_registered": N_("{player} is already registered."),
    "player_listed_twice": N_("A player is listed twice."),
    "player_not_bought_in": N_("{player} has not bought in."),
    "player_not_in_event": N_("That player is not in this event."),
    "player_not_out": N_("{player} is not out."),
    "player_not_playing": N_("{player} is not playing."),
    "rebuy_chips_missing": N_("Give the re-buy's chips."),
    "rebuy_limit_reached": N_("{player} has used all {limit} re-buys."),
    "rebuy_needs_stack": N_(
        "Count the player's chips: re-buys are allowed at {threshold:n} chips or fewer."
    ),
    "rebuy_only_when_out": N_("{player} is still in: re-buys are only for players who are out."),
    "rebuy_period_missing": N_("Give the last level of the re-buy period."),
    "rebuy_period_over": N_("The re-buy period ended with level {level}."),
    "rebuy_period_over_break": N_("The re-buy period ended with the break after level {level}."),
    "rebuy_stack_above_threshold": N_(
        "{stack:n} chips is above the re-buy limit of {threshold:n}."
    ),
    "rebuys_not_allowed": N_("This event has no re-buys."),
    "reentry_limit_reached": N_("{player} has used all {limit} re-entries."),
    "reentry_not_allowed": N_("This event has no re-entries."),
    "reentry_only_when_out": N_("{player} is still in: only a player who is out can re-enter."),
    "starting_chips_missing": N_("Give the starting chips."),
    "player_unknown": N_("That player is not in the list of players."),
    "player_name_taken": N_("There is already a player called {player}."),
    "contact_too_long": N_("The contact is too long (at most {maximum} characters)."),
    "merge_same_player": N_("Choose two different players to merge."),
    "player_already_merged": N_("{player} has already been merged into another player."),
    "already_sitting_out": N_("That player is already away."),
    "button_not_placed": N_("Place the button at table {table} first."),
    "hand_for_hand_wait": N_(
        "Hand-for-hand: table {table} has finished this hand and waits for table(s) {tables}."
    ),
    "button_on_empty_seat": N_("Seat {seat} is empty: the first button goes to a player."),
    "move_not_planned": N_("That move is not planned any more."),
    "no_open_seat": N_("There is no open seat."),
    "no_pending_move": N_("No move is waiting."),
    "no_such_seat": N_("There is no such seat."),
    "no_such_table": N_("There is no table {table}."),
    "no_tables": N_("Draw the seats first."),
    "not_enough_seats": N_("There are not enough seats for everyone."),
    "not_final_table": N_("The players are not all at one table yet."),
    "not_sitting_out": N_("That player is not away."),
    "nothing_to_post": N_("That player owes no blind."),
    "seat_owner_not_away": N_("Only the seat of a player who is away can be played over."),
    "seat_played_over": N_("Someone already plays over that seat."),
    "plays_over_a_seat": N_("That player already plays over a seat."),
    "own_seat_played_over": N_(
        "Someone plays over that player's seat: he gets it back when he is back and "
        "the hand is over."
    ),
    "hand_already_kept": N_("That player's hand was already kept; he posts on the next hand."),
    "not_right_after_button": N_(
        "Only the player who had the button on the hand just played can sit out "
        "the blinds this way."
    ),
    "move_to_another_seat": N_("Choose another seat at the same table."),
    "chip_race": N_("chip race of the {chip}s at table {table}"),
    "chip_set_missing": N_("Enter the chips in play on the Structure page first."),
    "chip_not_in_set": N_("{chip} is not one of the chips in play."),
    "chip_is_the_largest": N_("{chip} is the largest chip: there is nothing to change it into."),
    "chip_race_denominations": N_(
        "The chips raced must change into whole chips of the next denomination."
    ),
    "chip_race_too_many_cards": N_(
        "More odd chips than a deck has cards: check the counts (chips changed up whole "
        "are not raced)."
    ),
    "player_not_at_table": N_("That player is not at table {table}."),
    "blinds_already_posted": N_("That player has already posted for the coming hand."),
    "player_not_seated": N_("That player has no seat."),
    "seat_taken": N_("Seat {seat} at table {table} is taken."),
    "seats_per_table_out_of_range": N_("A table has from {minimum} to {maximum} seats."),
    "table_needs_two_players": N_("A table needs at least two players."),
    "table_too_small_for_players": N_("Some tables have more players or higher seats than that."),
    "too_many_players_for_table": N_("Too many players for one table."),
    "too_many_tables": N_("Too many tables: each needs at least two players."),
    "unknown_button_method": N_("Unknown way of moving the button ({method})."),
    "break_order_must_list_every_table": N_("The breaking order must list every table once."),
    "player_keeps_reserved_seat": N_(
        "That player's seat is reserved for him: free the seat first to move him."
    ),
    "seat_locked": N_("Seat {seat} at table {table} is locked: nobody sits there."),
    "seat_reserved": N_("Seat {seat} at table {table} is reserved for another player."),
    "table_name_too_long": N_("A table's name has at most {maximum} characters."),
    "player_has_reserved_seat": N_("That player already has a reserved seat."),
    "player_seated_elsewhere": N_(
        "That player sits elsewhere: move him to this seat first, then reserve it."
    ),
    "seat_not_locked": N_("Seat {seat} at table {table} is neither locked nor reserved."),
    "bad_card": N_("“{card}” is not a card: type a rank and a suit, like As, Td or 10h."),
    "card_twice": N_("{card} is used twice."),
    "hand_needs_five_to_seven_cards": N_("A hand is made of 5 to 7 cards ({count} given)."),
    "betting_needs_two_players": N_("A betting round needs at least two players."),
    "player_not_in_hand": N_("{player} is not in this hand."),
    "betting_round_over": N_("This betting round is over."),
    "not_your_turn": N_("It is {turn}'s turn, not {player}'s (R19: act in turn)."),
    "out_of_turn_not_in_hand": N_("{player} has folded: nothing to say out of turn."),
    "out_of_turn_all_in": N_("{player} is all-in: nothing to say out of turn."),
    "out_of_turn_already_spoken": N_(
        "{player} has already spoken out of turn: wait for their turn."
    ),
    "out_of_turn_fold_or_call": N_(
        "{player} may only fold or call: three or more players acted out of turn "
        "past them, and those actions stand."
    ),
    "straddle_not_in_tournaments": N_("A tournament has no straddle."),
    "straddle_not_allowed": N_(
        "This cash game does not allow a live straddle (its settings can allow it)."
    ),
    "straddle_not_in_limit": N_("No live straddle in a limit game unless the game says so."),
    "cannot_check": N_("Cannot check: there is {amount:n} to call."),
    "nothing_to_call": N_("Nothing to call: check instead."),
    "not_enough_chips": N_("{total:n} is more than the {available:n} chips this player has."),
    "raise_not_above_bet": N_("A raise must go above the current bet of {bet:n}."),
    "raising_not_reopened": N_(
        "This player may only call or fold: the all-in for less than a full raise "
        "did not reopen the betting (R17)."
    ),
    "nobody_to_raise_against": N_("Nobody left could call a raise: call or fold."),
    "bet_too_small": N_("The opening bet must be at least the big blind: {minimum:n} (R15)."),
    "raise_too_small": N_(
        "A raise must be at least the last full raise: raise to at least {minimum:n} (R16)."
    ),
    "no_chips_left": N_("{player} has no chips left."),
    "everyone_folded": N_("Everyone folded: there must be a player left in the hand."),
    "unit_not_positive": N_("The smallest chip must be more than zero."),
    "no_winner_for_pot": N_("Nobody ranked can win the pot of {amount:n}: rank every player."),
    "cards_missing": N_("Enter {player}'s cards, or leave every hand empty and rank by hand."),
    "rank_missing": N_("Give {player} a place in the ranking."),
    "only_call_all_in": N_("This player can only call, all-in."),
    "betting_capped": N_(
        "The betting is capped: a bet and {bets:n} raises were made. Call or fold."
    ),
    "limit_bet_fixed": N_(
        "In limit, bets and raises are of exactly {limit:n}: raise to {total:n}."
    ),
    "limit_cap_too_small": N_("A limit round allows at least one bet."),
    "no_such_betting_round": N_("A hand has four betting rounds: pre-flop, flop, turn, river."),
    "payouts_need_a_place": N_("At least the winner must be paid."),
    "payout_file_invalid": N_("{path} is not a director payout structure."),
    "payout_share_negative": N_("Every paid place needs a share above zero."),
    "payout_shares_all_zero": N_("The shares cannot all be zero."),
    "percentages_do_not_add_up": N_("The percentages add up to {total:pct}, not 100%."),
    "fixed_payouts_exceed_pool": N_(
        "The fixed amounts ({total:money}) are more than the prize pool ({pool:money})."
    ),
    "unknown_payout_mode": N_("Unknown way of paying ({mode})."),
    # -- tournament formats: bounties, added money, payout tables, chips, pot limit --
    "unknown_bounty_kind": N_("Unknown kind of bounty ({kind})."),
    "bounty_share_out_of_range": N_("The bounty's cash share must be from 0% to 100%."),
    "bounty_kind_needs_bounty": N_(
        "A progressive knockout or mystery bounties need a bounty part in the buy-in."
    ),
    "envelope_amount_missing": N_("Every envelope needs an amount above zero."),
    "envelope_count_invalid": N_("Give from 1 to 10,000 envelopes of each amount."),
    "envelope_listed_twice": N_("An envelope amount is listed twice: give it one count."),
    "mystery_needs_envelopes": N_("Mystery bounties need the list of envelopes."),
    "mystery_envelopes_do_not_match": N_(
        "The envelopes add up to {envelopes:money} but the bounty money is {pool:money}: "
        "correct the envelopes in the money settings, then record the knockout."
    ),
    "no_envelope_left": N_("No mystery envelope is left to draw."),
    "bounty_kind_locked": N_(
        "Bounties were already won: the kind of bounty, its cash share and its unit "
        "can no longer change."
    ),
    "envelopes_locked": N_(
        "Envelopes were already drawn: the list must still hold them ({count} of "
        "{amount:money}). Envelopes may be added."
    ),
    "eliminator_not_among_winners": N_(
        "The player who knocked him out must be one of those who won his chips."
    ),
    "winner_chips_missing": N_("Give the chips {player} won on that hand."),
    "payout_table_empty": N_("The payout table needs at least one band of entries."),
    "payout_table_too_many_bands": N_("A payout table has at most {maximum} bands."),
    "payout_band_not_whole": N_("Band {band}: entries and percentages must be numbers."),
    "payout_band_entries_invalid": N_(
        "Band {band}: give the first and last number of entries (last empty: and more)."
    ),
    "payout_band_open_not_last": N_("Band {band}: only the last band may be open-ended."),
    "payout_band_no_place": N_("Band {band}: at least the winner must be paid."),
    "payout_band_too_many_places": N_("Band {band}: too many paid places."),
    "payout_band_share_not_positive": N_("Band {band}: every paid place needs a share above zero."),
    "payout_band_sum": N_("Band {band}: the percentages add up to {total:pct}, not 100%."),
    "payout_band_more_places_than_entries": N_(
        "Band {band}: {places} places are paid but the band has at most {entries} entries."
    ),
    "payout_bands_start_late": N_(
        "The first band ({band}) must start at 1 or 2 entries: smaller fields need paying too."
    ),
    "payout_bands_gap": N_("There is a gap between bands {band} and {next}."),
    "payout_bands_overlap": N_("Bands {band} and {next} overlap."),
    "payout_table_file_invalid": N_("{path} is not a director payout table ({detail})."),
    "chip_set_empty": N_("The chip set needs at least one kind of chip."),
    "chip_set_too_many_kinds": N_("A chip set has at most {maximum} kinds of chips."),
    "chip_set_value_invalid": N_("A chip's value must be a whole number above zero ({value})."),
    "chip_count_invalid": N_("The number of {value:n} chips must be from 0 to 100,000."),
    "chip_value_listed_twice": N_("A chip value is listed twice."),
    "chip_set_cannot_make_stack": N_("These chips cannot make a stack of {stack:n}."),
    "chip_set_too_few_chips": N_(
        "The set makes at most {most} stacks of {stack:n}, not {players}: "
        "more chips, a smaller stack or fewer players."
    ),
    "chip_set_too_few_chips_for_others": N_(
        "The set cannot make the {count} re-buy and add-on stacks of {size:n} given out."
    ),
    "chip_set_too_few_chips_with_others": N_(
        "Besides the {others} re-buy and add-on stacks given out, the set makes at most "
        "{most} stacks of {stack:n}, not {players}: more chips or a smaller stack."
    ),
    "chip_colour_unknown": N_(
        "“{colour}” is not a chip colour: write its name (white, red, green, blue, "
        "black…) or #rrggbb."
    ),
    "chip_set_stack_too_large": N_("The stack of {stack:n} is too large to check against the set."),
    "chip_set_file_invalid": N_("{path} is not a director chip set ({detail})."),
    "pot_limit_and_limit": N_("A betting round is pot limit or limit, not both."),
    "pot_limit_exceeded": N_(
        "Pot limit: the largest raise is to {maximum:n} (the pot after the call)."
    ),
    "deal_needs_two_players": N_("A deal needs at least two players."),
    "icm_too_many_players": N_("ICM is worked out for at most {maximum} players."),
    "stacks_all_zero": N_("The stacks cannot all be zero."),
    "deal_stacks_for_every_player": N_("Give a stack for every player still in, and only them."),
    "kept_aside_too_large": N_("At most {maximum:money} can be kept aside to play for."),
    "unknown_deal_method": N_("Unknown kind of deal ({method})."),
    "event_already_set_up": N_("This event already has players: set it up page by page."),
    "deal_not_worked_out": N_("Work out the deal first."),
    "deal_already_made": N_("A deal was already made (undo it to make another)."),
    "deal_fixes_prizes": N_(
        "A deal was made with the prizes as they stood: this would change them. "
        "Undo the deal first if it must change."
    ),
    "deal_made_no_entries": N_(
        "A deal was made among the players left: nobody else can come in now "
        "(no entry, re-buy or add-on, nobody put back in)."
    ),
    "prize_already_paid": N_(
        "{player} was already paid {paid:money}; this would cut the prize and bounties "
        "due for the night to {total:money}."
    ),
    "refund_bounty_already_won": N_(
        "The bounty of {player}'s entry was already won by a knockout: put {player} "
        "back in first, then refund."
    ),
    "refund_envelopes_drawn": N_(
        "Envelopes worth {drawn:money} were already drawn from the bounty money: refunding "
        "{player}'s entry would leave {left:money} for them. Put back in the players whose "
        "knockouts drew them first."
    ),
    "refund_after_knockouts": N_(
        "{player} knocked {out} out and won a bounty: put {out} back in before removing "
        "{player}'s entry."
    ),
    "deal_does_not_add_up": N_(
        "The deal shares {total:money} but {prizes:money} is left to win: it must add up."
    ),
    "stacks_do_not_match_chips": N_(
        "The stacks differ from the chips in play by {difference:n}: count again, "
        "or accept the difference."
    ),
    "unknown_report": N_("There is no report called “{kind}”: choose one of {kinds}."),
    "report_not_for_this_event": N_("The {kind} report does not fit this kind of event."),
    # -- errors from the database ---------------------------------------------
    "db_missing": N_("There is no database at {path}."),
    "db_unreadable": N_("The file {path} cannot be read."),
    "db_not_director": N_("{path} is not a director database."),
    "db_newer": N_(
        "{path} was written by a newer version of director; "
        "it was not opened and has not been changed."
    ),
    "db_older": N_(
        "{path} was written by an older version; run “director upgrade --db {path}” "
        "to upgrade it (a backup is made first)."
    ),
    "db_older_serve": N_(
        "{path} was written by an older version; run “director upgrade --db {path}” "
        "first, or serve with --upgrade (a backup is made first)."
    ),
    "upgrade_event_leased": N_(
        "“{name}” is being written by another copy of director, on {machine} since "
        "{since}: nothing was upgraded. Close it there first."
    ),
    "upgrade_replay_failed": N_(
        "{path} was upgraded but event {event} no longer replays ({detail}); "
        "its backup from before the upgrade is {backup}."
    ),
    "upgrade_replay_failed_server": N_(
        "{path} was upgraded but event {event} no longer replays ({detail}); "
        "no backup was made of it."
    ),
    "db_in_use": N_("{path} is already open in another copy of director."),
    "db_not_a_file": N_(
        "The file {path} cannot be read: it is a folder, a pipe or a device, not a file."
    ),
    "db_wal_unreadable": N_(
        "{path} cannot be read here: its journal ({path}-wal) needs a {path}-shm "
        "file beside it, and this folder cannot be written to. Copy the database "
        "and its -wal file to a folder you can write to."
    ),
    "db_damaged": N_("{path} is damaged ({detail}); nothing was written to it."),
    "db_foreign_schema": N_(
        "{path} is not exactly a director database ({detail}); nothing was written to it."
    ),
    "db_damaged_backup": N_(
        "{path} is damaged ({detail}); nothing was written to it. Its newest good "
        "backup is {backup}: start director on this database to put it back."
    ),
    "disk_full": N_("The disk holding {path} is full; nothing was saved."),
    "db_busy": N_("{path} is busy; try again in a moment."),
    "db_write_refused": N_("{path} cannot be written to ({detail})."),
    "db_failed": N_("{path} could not be used ({detail})."),
    "log_damaged": N_(
        "The log of event {event} is damaged at entry {entry} ({detail}); "
        "nothing was changed. Restore a backup (File > Backups)."
    ),
    "snapshot_damaged": N_(
        "The saved snapshot of event {event} was damaged; the event was rebuilt "
        "from its log, which is complete."
    ),
    "backup_disk_full": N_("No backup was made: the disk holding {path} is full."),
    "backup_failed": N_("No backup was made in {path} ({detail})."),
    "backup_not_ours": N_("{path} is a backup of another database; it was not restored."),
    "output_is_database": N_(
        "{path} is a database or one of its files; choose another name for the report."
    ),
    "output_not_a_file": N_("{path} is not a file that can be written (a folder, a pipe?)."),
    "output_unwritable": N_("{path} could not be written ({detail})."),
    "settings_damaged": N_(
        "The settings file {path} was damaged: the default settings are used, and "
        "the damaged file was kept as {aside}."
    ),
    "settings_unreadable": N_(
        "The settings file {path} cannot be read: the default settings are used."
    ),
    "db_read_only": N_("{path} is open read-only."),
    "db_server_unreachable": N_("The database server of {path} cannot be reached ({detail})."),
    "db_server_busy": N_(
        "The database server of {path} is busy: another copy holds what this change "
        "needs. Nothing was saved; try again in a moment."
    ),
    "db_server_slow": N_(
        "The database server of {path} took too long to answer. Nothing was saved; "
        "try again in a moment."
    ),
    "db_server_no_database": N_(
        "The database server of {path} has no database called {name}: create it "
        "first (createdb {name}), or check the address."
    ),
    "db_server_refused": N_(
        "The database server of {path} refused the connection ({detail}). Put the "
        "password in ~/.pgpass or PGPASSWORD."
    ),
    "session_read_only": N_(
        "This event is open only to read it (a league, a report): nothing can be "
        "changed or saved from here."
    ),
    "db_not_shared": N_(
        "{path} is a file: only this copy of director writes it, there is nothing to follow live."
    ),
    "saving_pending": N_(
        "A change is still being saved: the database server has not answered yet. "
        "Wait for it before the next one."
    ),
    "following_read_only": N_(
        "This event is followed live from another copy of director, which writes it: "
        "it cannot be changed here."
    ),
    "copy_same": N_("{path} cannot be copied onto itself."),
    "copy_target_not_empty": N_(
        "{path} already holds a club's data (events, players, leagues or TV looks): "
        "copy into a new file or an empty database. Nothing was changed."
    ),
    "copy_differs": N_("The copy in {path} does not match its source ({detail})."),
    "event_leased": N_(
        "Event {event} is being written by another copy of director, on {machine} "
        "since {since}. Follow it live instead, or wait until it is closed."
    ),
    "event_lease_removed": N_(
        "Event {event} was deleted or replaced (a backup restored) by another copy of "
        "director; nothing was written. Open it again to see it as it is now."
    ),
    "restore_event_leased": N_(
        "“{name}” is being written by another copy of director, on {machine} since "
        "{since}: nothing was restored. Close it there first."
    ),
    "delete_open_money": N_(
        "“{name}” was not deleted: its money is not settled ({balances}). Settle it or "
        "write it off on the Club page first, or archive the event instead."
    ),
    "delete_settled_in_journal": N_(
        "“{name}” was not deleted: its money was settled by payments on the Club page, "
        "which would no longer add up without it. Archive the event instead."
    ),
    "delete_event_leased": N_(
        "“{name}” is being written by another copy of director, on {machine} since "
        "{since}: it was not deleted. Close it there first."
    ),
    "event_moved_on": N_(
        "Event {event} was changed meanwhile by another copy of director; nothing was "
        "written. Open the event again to see its changes."
    ),
    "event_unknown": N_("There is no event {event} in this database."),
    "save_failed": N_("The change could not be saved ({detail}); nothing was changed."),
    "event_ambiguous": N_("More than one event is called “{event}”; use its number."),
    # -- leagues ---------------------------------------------------------------
    "formula_empty": N_("Type a points formula."),
    "formula_too_long": N_("The points formula is too long (at most {maximum} characters)."),
    "formula_syntax": N_("The points formula “{formula}” cannot be read."),
    "formula_not_allowed": N_(
        "The points formula “{formula}” uses something not allowed ({part}): only numbers, "
        "the variables, + - * / // ** and sqrt, min, max, round, floor, ceil."
    ),
    "formula_unknown_name": N_(
        "The points formula “{formula}” uses {name}, which is not a variable: use entrants, "
        "place, buyin, paid, knockouts or prize."
    ),
    "formula_cannot_compute": N_("The points formula “{formula}” cannot be worked out ({detail})."),
    "formula_divides_by_zero": N_(
        "The points formula “{formula}” divides by zero for some places or fields "
        "(with place - 1 or knockouts, say)."
    ),
    "formula_kind_unknown": N_("Unknown kind of points formula: {kind}."),
    "points_table_empty": N_("The points table needs points for at least one place."),
    "points_negative": N_("Points cannot be negative ({value})."),
    "points_too_large": N_("At most {maximum:n} points for one result."),
    "best_of_negative": N_("“Best N events” cannot be negative."),
    "sample_buy_in_negative": N_("The sample buy-in cannot be negative."),
    "tie_break_unknown": N_("Unknown tie-break rule: {rule}."),
    "final_table_too_small": N_("The final table needs at least one place."),
    "league_number_invalid": N_("A league's number of events, places or chips cannot be {value}."),
    "league_guest_invalid": N_("Not a roster player: {value}."),
    "league_name_empty": N_("Give the league a name."),
    "league_name_taken": N_("There is already a league called {league}."),
    "league_unknown": N_("There is no league {league} in this database."),
    "season_name_empty": N_("Give the season a name."),
    "final_no_line": N_(
        "The league has no qualification line for the final: set its top N or its "
        "minimum of events in the league's rules."
    ),
    "final_no_stacks": N_(
        "The league gives no starting stack for the final: set its base stack in the "
        "league's rules."
    ),
    "final_no_qualifiers": N_("Nobody qualifies for the final yet."),
    "season_unknown": N_("There is no season {season} in this league."),
    "season_dates_reversed": N_("The season ends ({end}) before it starts ({start})."),
    "date_invalid": N_("“{value}” is not a date (YYYY-MM-DD)."),
    "csv_unreadable": N_("{path} cannot be read ({detail})."),
    "csv_encoding": N_("Row {row}: the file is not UTF-8 text (save it as “CSV UTF-8”)."),
    "csv_empty": N_("The CSV file has no header row."),
    "csv_too_large": N_("The CSV file is too large (at most {maximum:n} rows)."),
    "csv_too_big": N_("The CSV file is too large (at most {size:bytes})."),
    "csv_missing_column": N_("Row 1: the column “{column}” is missing (columns: {expected})."),
    "csv_unknown_column": N_("Row 1, column {column}: “{name}” is not a known column."),
    "csv_row_length": N_(
        "Row {row}, column {column}: {found} values where the header has {expected}."
    ),
    "csv_number_too_large": N_(
        "Row {row}, column {column}: the number is too large (at most {maximum:n})."
    ),
    "csv_not_a_file": N_(
        "The file {path} cannot be read: it is a folder, a pipe or a device, not a file."
    ),
    "csv_value": N_("Row {row}, column {column}: {detail}"),
    "csv_duplicate": N_("Row {row} repeats row {first} ({value})."),
    "csv_place_out_of_order": N_(
        "Row {row}, column place: place {place} where place {expected} comes next (tied "
        "players share the places they cover: two at 1 cover 1 and 2, the next is 3)."
    ),
    "csv_not_for_report": N_("Only the standings and the ledger can be exported as CSV."),
    "import_nothing_to_undo": N_("There is no import to take back."),
    # -- the TV ------------------------------------------------------------------
    "set_tv_look": N_("change the TV's look"),
    "set_room_message": N_("show a message on the TV"),
    "clear_room_message": N_("clear the message on the TV"),
    "tv_look_unchanged": N_("The TV already looks like this."),
    "message_unchanged": N_("The TV already shows this message."),
    "no_message": N_("There is no message on the TV to clear."),
    "message_too_long": N_("The message is too long (at most {maximum} characters)."),
    "bad_colour": N_("“{colour}” is not a colour (write it as #rrggbb)."),
    "tv_contrast": N_(
        "{text:msg} would not be readable: contrast {ratio}:1 where at least {needed}:1 "
        "is needed (WCAG AA)."
    ),
    "bad_theme": N_("Unknown theme."),
    "veil_out_of_range": N_("The veil over the picture goes from {low}% to {high}%."),
    "bad_asset_name": N_("“{name}” is not a picture or sound stored by director."),
    "bad_layout": N_("Unknown layout."),
    "layout_repeats": N_("{element:msg} is placed twice on the TV."),
    "layout_bad_place": N_("{element:msg} cannot go in {place:msg}."),
    "layout_side_width": N_("The side column takes {low}% to {high}% of the width."),
    "bad_cue": N_("“{cue}” is not a moment that plays a sound."),
    "cue_repeats": N_("The sound of “{cue}” is given twice."),
    "volume_out_of_range": N_("A volume goes from 0 to 100 ({volume} given)."),
    "tv_text_main": N_("The time, the blinds and the ante"),
    "tv_text_dim": N_("The event's name and the caption above the time"),
    "tv_text_level": N_("The level"),
    "tv_text_next": N_("The next level"),
    "tv_text_break": N_("The time during a break"),
    "tv_text_overtime": N_("The overtime and the winner"),
    "tv_text_figures": N_("The figures, lists and the message line"),
    "tv_text_captions": N_("The figures' captions"),
    "tv_text_headings": N_("The side column's headings"),
    "tv_text_details": N_("Where players move, and the bubble"),
    "tv_text_banner": N_("The next hand's banner"),
    "tv_text_paused": N_("The PAUSED banner"),
    "tv_element_blinds": N_("Blinds and ante"),
    "tv_element_next_level": N_("Next level"),
    "tv_element_stats": N_("Players, average stack and prize pool"),
    "tv_element_next_break": N_("Next break"),
    "tv_element_estimated_end": N_("Estimated end"),
    "tv_element_chips": N_("Chips in play, re-buys and bounties"),
    "tv_element_payouts": N_("Payouts"),
    "tv_element_moves": N_("Table moves"),
    "tv_element_seats": N_("Seat draw"),
    "tv_element_qr_code": N_("QR code for the network page"),
    "tv_element_league_table": N_("League table, if the season ended now"),
    "tv_element_message": N_("Message line"),
    "tv_place_main": N_("the main column"),
    "tv_place_side": N_("the side column"),
    "tv_place_top": N_("a line at the top"),
    "tv_place_bottom": N_("a line at the bottom"),
    # -- the TV's pictures and sounds, and look files -----------------------------
    "file_unreadable": N_("The file {path} cannot be read."),
    "file_too_large": N_("The file {path} is too large (at most {maximum} MB)."),
    "picture_not_an_image": N_("This file is not a picture director can show (PNG, JPEG or SVG)."),
    "picture_damaged": N_("This picture is damaged or cut short."),
    "picture_unreadable": N_("This picture cannot be read ({detail})."),
    "picture_too_large": N_("This picture is too large (at most {maximum} MB)."),
    "picture_too_many_pixels": N_(
        "This picture is too large ({width} x {height} pixels; at most {maximum} on a side)."
    ),
    "picture_too_many_pixels_in_all": N_(
        "This picture is too large ({width} x {height} pixels, {millions} million in all; "
        "at most {maximum} million pixels)."
    ),
    "svg_doctype": N_("This SVG declares a DOCTYPE or entities, which director does not read."),
    "svg_script": N_("This SVG holds a script or an event handler, which director does not run."),
    "svg_external": N_(
        "This SVG refers to files or addresses outside it; only a self-contained SVG is used."
    ),
    "svg_unreadable": N_("This SVG cannot be read ({detail})."),
    "svg_too_many_elements": N_(
        "This SVG has more than {maximum:n} elements: simplify it, or save it as PNG."
    ),
    "svg_too_deep": N_(
        "This SVG nests its elements more than {maximum:n} deep: simplify it, or save it as PNG."
    ),
    "svg_too_many_shapes": N_(
        "This SVG would draw more than {maximum:n} shapes once its references (<use>) are "
        "followed, or they refer to each other in a loop: simplify it, or save it as PNG."
    ),
    "svg_filter_too_large": N_(
        "This SVG has a blur or a filter of size {size} (at most {maximum:n}), too slow to "
        "draw: simplify it, or save it as PNG."
    ),
    "svg_too_slow": N_(
        "This SVG took more than {maximum:n} seconds to draw: simplify it, or save it as PNG."
    ),
    "sound_unknown_format": N_("This file is not a sound director can play (WAV, OGG or MP3)."),
    "sound_too_large": N_("This sound file is too large (at most {maximum} MB)."),
    "sound_undecodable": N_("This sound cannot be played ({detail})."),
    "sound_too_long": N_("This sound lasts {seconds} seconds; a cue lasts {maximum} at most."),
    "sound_longer_than": N_(
        "This sound lasts more than {maximum} seconds; a cue lasts {maximum} at most."
    ),
    "asset_missing": N_("A picture or sound of this look is missing ({path})."),
    "asset_damaged": N_("A picture or sound of this look is damaged ({path})."),
    "asset_damaged_in_database": N_(
        "A picture or sound of this look ({name}…) is damaged in the database {where}: "
        "its bytes no longer match its name."
    ),
    "asset_not_stored": N_(
        "A picture or sound of this look ({name}…) is missing: neither the database "
        "{where} nor this computer holds it."
    ),
    "asset_out_of_reach": N_(
        "A picture or sound of this look ({name}…) cannot be read from the database "
        "{where} now ({detail}); it is tried again once the database answers."
    ),
    "assets_full": N_(
        "This would take the pictures and sounds kept in the database past {maximum:bytes} "
        "({used:bytes} kept, {size:bytes} more). Remove the unused ones (View > TV "
        "display…, Pictures) or choose smaller files."
    ),
    "bundle_not_zip": N_("{path} is not a TV look file (it is not a zip file)."),
    "bundle_too_large": N_("{path} is too large for a TV look file (at most {maximum} MB)."),
    "bundle_too_large_entry": N_("“{name}” in the look file is too large."),
    "bundle_too_many_files": N_("The look file holds too many files (at most {maximum})."),
    "bundle_repeats": N_("The look file holds the same file twice."),
    "bundle_encrypted": N_(
        "The look file holds a file locked by a password (“{name}”): director reads "
        "only look files as it writes them."
    ),
    "bundle_link": N_("The look file holds a link to another file (“{name}”), not a file."),
    "bundle_bad_path": N_("The look file holds a file with a path director refuses: “{name}”."),
    "bundle_unexpected_file": N_("The look file holds a file that does not belong: “{name}”."),
    "bundle_no_manifest": N_("{path} is not a TV look file (no manifest.json in it)."),
    "bundle_bad_manifest": N_("The look in {path} cannot be read: it is damaged."),
    "bundle_damaged": N_("{path} is damaged ({detail})."),
    "bundle_version": N_(
        "This look file is of version {version}; this director reads version {known}. "
        "Update director to read it."
    ),
    "bundle_missing_asset": N_("The look file lacks one of its pictures or sounds ({name}…)."),
    "bundle_asset_mismatch": N_(
        "A picture or sound in the look file is not what its name says ({name}…)."
    ),
    # -- the network page and the remote ----------------------------------------
    "serve_bad_address": N_(
        "“{address}” is not an address of this machine: choose one of {addresses}."
    ),
    "serve_bad_port": N_("The port must be a number from 1 to 65535, not “{port}”."),
    "serve_port_in_use": N_(
        "Port {port} is already in use on {address} (another program, or another copy "
        "of director): choose another port."
    ),
    "serve_port_refused": N_(
        "Port {port} may not be used here (ports under 1024 need the administrator): "
        "choose a port from 1024 up."
    ),
    "serve_address_unavailable": N_(
        "{address} is no longer an address of this machine (another network?): choose "
        "one of its addresses now."
    ),
    "serve_failed": N_("The page cannot be served on {address}:{port} ({detail})."),
    "serve_no_event": N_("There is no event to follow in this database: create one first."),
    "remote_off": N_("Remote control is off: turn it on in Share on the network, on the console."),
    "remote_not_paired": N_("This phone is not paired (or was revoked): pair it again."),
    "remote_too_many": N_("Too many failed attempts from this device: wait {seconds} s."),
    "pairing_code_wrong": N_(
        "This pairing code is wrong, used already or expired (a code works once, for "
        "two minutes): ask the console for a new one."
    ),
    "pairing_code_malformed": N_(
        "That is not a code: type the 8 letters and digits the console shows "
        "(like ABCD-EFGH; spaces and dashes do not matter)."
    ),
    "device_name_missing": N_("Give this phone a name, so the console can tell it apart."),
    "device_name_bad": N_("A phone's name is one line of at most {maximum} characters."),
    "remote_bad_request": N_("The remote sent a request that is not understood ({detail})."),
    "dealers_off": N_("Dealers' phones are off: turn them on in Dealers' phones, on the console."),
    "dealer_not_paired": N_(
        "This phone is not a dealer's phone any more: scan the table's code on the console."
    ),
    "dealer_code_wrong": N_(
        "That table's code does not work (used already, or too old): "
        "ask the organizer for the table's new code."
    ),
    "dealer_not_allowed": N_(
        "A dealer's phone reports the hands, busts and moves of table {table}, and calls "
        "the floor: the rest is done on the console."
    ),
    "dealer_other_table": N_("This phone deals at table {table}, not at table {other}."),
    "dealer_player_elsewhere": N_("{player} is not at table {table}."),
    "dealer_move_elsewhere": N_("That move is not from or to table {table}."),
    "dealer_table_gone": N_("Table {table} has broken: this phone deals for it no more."),
    "dealer_other_event": N_(
        "The console has another event open now: this phone deals for table {table} of "
        "another event."
    ),
    "dealer_is_not_remote": N_(
        "This phone is table {table}'s dealer phone: it cannot drive the clock."
    ),
    "helpers_off": N_("Helpers' phones are off: turn them on in the console's phones."),
    "helper_not_paired": N_(
        "This phone is not a helper's phone any more: scan the helper's code on the console."
    ),
    "helper_not_allowed": N_(
        "A helper's phone takes buy-ins, re-buys, re-entries, add-ons and payments: "
        "the rest is done on the console."
    ),
    "helper_other_event": N_(
        "The console has another event open now: this phone helps with another event."
    ),
    "helper_is_not_remote": N_("This phone is a helper's phone: it cannot drive the clock."),
    "door_closed": N_("The door is closed: check in with the organizer."),
    "door_full": N_("Too many arrivals are waiting: check in with the organizer."),
    "door_unknown_choice": N_("That name was not offered for what you typed: type it again."),
    "door_too_many": N_("Too many tries from this phone: wait {seconds} s."),
}
