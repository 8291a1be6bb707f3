"""A second correct takes_table.py: rows kept under another name, found by a scan."""


class Table:
    def __init__(self, starters, scale="school"):
        self.scale = scale
        self.lines = []
        for card in starters:
            self.lines.append([card])

    def rows(self):
        return [row[:] for row in self.lines]

    def ends(self):
        return [int(row[len(row) - 1].rank()) for row in self.lines]

    def target_row(self, card):
        value = int(card.rank())
        best, best_gap = None, None
        for i, end in enumerate(self.ends()):
            gap = value - end
            if gap > 0 and (best_gap is None or gap < best_gap):
                best, best_gap = i, gap
        return best

    def place(self, card):
        i = self.target_row(card)
        if i is None:
            raise ValueError("too low for every row")
        if len(self.lines[i]) == 5:
            old = self.lines[i]
            self.lines[i] = [card]
            return old
        self.lines[i] = self.lines[i] + [card]
        return []

    def take_row(self, index, card):
        old, self.lines[index] = self.lines[index], [card]
        return old

    def row_penalty(self, index):
        total = 0
        for card in self.lines[index]:
            total += card.point_value()
        return total

    def render_rows(self):
        return "\n".join(", ".join(c.rank() for c in row) for row in self.lines)
