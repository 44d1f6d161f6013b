"""Phones and what they may ask: the organizer's remote, the dealers' and helpers' phones, paired
devices, the door's check-in, and the event ``director serve`` follows."""
