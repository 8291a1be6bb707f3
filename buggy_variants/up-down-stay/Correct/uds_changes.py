"""Activity 3: values of a row and the letters between neighbours."""


def row_values(row: list) -> list:
    values = []
    for card in row:
        values.append(card.point_value())
    return values


def changes(values: list) -> str:
    text = ""
    for i in range(1, len(values)):
        difference = values[i] - values[i - 1]
        text += "S" if difference == 0 else ("U" if difference > 0 else "D")
    return text
