"""The main window's parts: its actions and menus (`actions`) and its file commands (`files`).

The window itself (`gpudesk.ui.main_window`) wires widgets to the Qt-free state model
(`gpudesk.ui.state`); these modules keep that file to the wiring.
"""
