"""The words players read: card names, event lines, round results, reasons, odds, the terminal."""
