# bots/icy/idle.py: every child waits, and says so once.
said = False

def act(state: str) -> str:
    global said
    if not said:
        print("turn", state.split("\n")[0], "- waiting")
        said = True
    return "idle\nidle\nidle\nidle\n"
