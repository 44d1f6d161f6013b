"""What the screens show, computed once for every renderer (window, TV, phones, reports): the clock
display and its texts and JSON, the formats' and tables' words, the night's summary, chart data, the
clock feed, the live league table and a player's own lookup."""
