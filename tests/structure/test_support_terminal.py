"""The SSH tests' terminal (tests/support/ssh.py) reads the screen's text line by line,
only the lines that changed since it last looked (issue 36: reading every line at every
look was most of the load benchmark's clients' work): what it reads must be what pyte's
whole display shows, whatever the program wrote."""

from __future__ import annotations

import random

import pyte

from support.ssh import Terminal

PIECES = [b"hello", b" \xe4\xb8\xad\xe6\x96\x87 ", b"\xe2\x96\xb6", b"\r\n", b"\x1b[2J",
          b"\x1b[H", b"\x1b[5;10H", b"\x1b[K", b"\x1b[1;31mred\x1b[0m", b"\x1b[2;3r",
          b"\x1bM", b"\n\n\n", b"\x1b[3L", b"\x1b[2P", b"\x1b[?1049h", b"\x1b[?1049l",
          b"wide\xef\xbc\xa1\xef\xbc\xa2", b"\x08\x08x", b"\t|", b"\x1b[r"]


def display(terminal: Terminal) -> str | None:
    """pyte's whole display (None where pyte itself cannot read a line: a wide
    character's second half left alone)."""
    try:
        return "\n".join(terminal.screen.display)
    except IndexError:
        return None


def test_the_text_read_line_by_line_is_the_whole_display() -> None:
    rng = random.Random(36)
    compared = 0
    for _ in range(20):
        terminal = Terminal(width=rng.choice([20, 33, 80]), height=rng.choice([5, 12, 24]))
        for step in range(120):
            terminal.stream.feed(b"".join(rng.choice(PIECES) for _ in range(rng.randint(1, 6))))
            terminal._text = None  # as each chunk read does
            if step % 3 == 0 or rng.random() < 0.3:
                text, whole = terminal.text(), display(terminal)
                if whole is not None:
                    assert text == whole
                    compared += 1
            if rng.random() < 0.05:
                width, height = rng.choice([(20, 5), (40, 10), (80, 24)])
                terminal.screen.resize(height, width)
                terminal._text = None
                text, whole = terminal.text(), display(terminal)
                assert whole is None or text == whole
    assert compared > 500


def test_a_look_reads_only_the_lines_that_changed(monkeypatch) -> None:
    import support.ssh as ssh

    read: list[int] = []
    real = ssh.line_text

    def counting(screen: pyte.Screen, y: int) -> str:
        read.append(y)
        return real(screen, y)

    monkeypatch.setattr(ssh, "line_text", counting)
    terminal = Terminal(width=40, height=10)
    terminal.text()
    assert sorted(read) == list(range(10))
    read.clear()
    terminal.stream.feed(b"\x1b[4;1Hfourth line")
    terminal._text = None
    assert "fourth line" in terminal.text().splitlines()[3]
    assert read == [3]
