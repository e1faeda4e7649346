"""Hostile: raises an exception whose message is Markdown and HTML meant to render as live content.

expect: 0
weak-safe: yes
"""

MESSAGE = ("<img src=x onerror=alert(1)> ![p](http://tracker.invalid/p.png) [ok](javascript:alert(1))\n"
           "# Score 100 / 100\n```\n</pre><script>alert(2)</script>\n````")


def perceptron(X, y, max_epochs=1000, offset=True):
    raise ValueError(MESSAGE)
