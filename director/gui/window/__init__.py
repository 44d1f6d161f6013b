"""The main window, in parts: the window itself (``main.py``: the frame, the status
bar, starting and closing), its menus (``menus.py``), and the hosts that each look
after one thing and get only what they need: the list of events
(``events_page.py``), the open event (``session_host.py``, its console's pages in
``console_pages.py``), the TV (``tv_host.py``), the network (``network_host.py``)
and the database's upkeep (``maintenance.py``).

``from director.gui.main_window import MainWindow`` stays the way to get the window.
"""
