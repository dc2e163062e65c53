"""What a careful German reader checks that a machine can check too (issue 41), over every
message the code has (extracted as `i18n extract` does) and its German:

- every card's and creature's name has its grammatical gender recorded (the `grammatical
  gender` entries), and each gendered sentence's form uses the pronouns, the article before the
  name and the verb number of its gender ("Seine Stärke" after der Wolf, "ziehen ab" after the
  plural Höhlenfledermäuse);
- a number before a counted word, and a German verb before a number, come from a plural
  message (`n_`): no "1 Karten", no "es fehlen 1";
- no English word in a German text, bar the published names the glossary keeps in English;
- a translation keeps each placeholder as written (its name and its format).

Each rule is also run on a wrong example, so a rule that stopped seeing anything would fail.
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterator
from functools import cache

import pytest
from babel.messages.catalog import Message
from babel.messages.pofile import read_po

from bot.i18n import GENDER, GENDERS, use_locale
from bot.i18n.catalogues import DOMAINS, LOCALE_DIR, translations
from bot.i18n.shown import shown_paths
from engine.adventure.cards import DECK_LISTS
from engine.loveletter.editions import EDITIONS
from tests.bot.i18n.templates import SHARED, template

pytestmark = SHARED
GERMAN = "de"
NAME_FIELDS = ("card", "creature", "name", "weapon", "item")
"""The placeholders that hold a card's or creature's name in a gendered sentence."""


@cache
def messages(domain: str) -> list[tuple[Message, list[str], list[str]]]:
    """(the code's message, its English forms, its German forms) for every message of
    `domain` that has German (a message without is test_catalogues.py's to name)."""
    with (LOCALE_DIR / GERMAN / "LC_MESSAGES" / f"{domain}.po").open("rb") as source:
        german = read_po(source, locale=GERMAN)
    out = []
    for english in template(domain):  # type: ignore[attr-defined]
        found = german.get(english.id, english.context) if english.id else None
        if found is None:
            continue
        ids = list(english.id) if english.pluralizable else [english.id]
        texts = list(found.string) if found.pluralizable else [found.string]
        if all(texts):
            out.append((english, ids, texts))
    return out


def every_message() -> Iterator[tuple[str, Message, list[str], list[str]]]:
    for domain in DOMAINS:
        for english, ids, texts in messages(domain):
            yield domain, english, ids, texts


def where(domain: str, english: Message) -> str:
    context = f" ({english.context})" if english.context else ""
    first = english.id[0] if english.pluralizable else english.id
    return f"{domain}: {first!r}{context}"


# --- grammatical gender ------------------------------------------------------------------

PRONOUNS = {
    "masculine": {"er", "ihn", "ihm", "sein", "seine", "seinen", "seinem", "seiner", "seines"},
    "feminine": {"sie", "ihr", "ihre", "ihren", "ihrem", "ihrer", "ihres"},
    "neuter": {"es", "ihm", "sein", "seine", "seinen", "seinem", "seiner", "seines"},
    "plural": {"sie", "ihnen", "ihr", "ihre", "ihren", "ihrem", "ihrer", "ihres"},
}
ARTICLES = {
    "masculine": {"der", "den", "dem", "des", "ein", "einen", "einem", "eines", "kein", "keinen"},
    "feminine": {"die", "der", "eine", "einer", "keine", "keiner"},
    "neuter": {"das", "dem", "des", "ein", "einem", "eines", "kein", "keinem"},
    "plural": {"die", "den", "der", "keine", "keinen", "keiner"},
}
VERBS = [
    ("ist", "sind"),
    ("hat", "haben"),
    ("hatte", "hatten"),
    ("kommt", "kommen"),
    ("geht", "gehen"),
    ("zieht", "ziehen"),
    ("zählt", "zählen"),
    ("liegt", "liegen"),
    ("fehlt", "fehlen"),
    ("wird", "werden"),
    ("kann", "können"),
    ("darf", "dürfen"),
    ("muss", "müssen"),
]
SINGULAR, PLURAL = ({v[i] for v in VERBS} for i in (0, 1))
ALL_PRONOUNS = set().union(*PRONOUNS.values())
ALL_ARTICLES = set().union(*ARTICLES.values())
_NAME = "|".join(NAME_FIELDS)
BEFORE_NAME = re.compile(rf"(\w+) \{{(?:{_NAME})\}}")
AFTER_NAME = re.compile(rf"(?<!Karte )\{{(?:{_NAME})\}} (\w+)")
"""A verb after a name, but for "die Karte {name} kommt" (the verb agrees with "Karte")."""
WORD = re.compile(r"[^\W\d_]+")


def disagreements(gender: str, text: str) -> list[str]:
    """What in `text`, the form of a gendered sentence for `gender`, does not agree with it."""
    found = []
    bare = re.sub(r"\{[^{}]*\}", " ", text)
    words = [w.lower() for w in WORD.findall(bare)]
    found += [f"pronoun {w!r}" for w in words if w in ALL_PRONOUNS - PRONOUNS[gender]]
    for article in BEFORE_NAME.findall(text):
        if article.lower() in ALL_ARTICLES - ARTICLES[gender]:
            found.append(f"article {article!r}")
    opening = re.match(r"\s*([^\W\d_]+)", text)  # a verb opening the sentence: "Zählt …"
    verbs = AFTER_NAME.findall(text) + ([opening.group(1)] if opening else [])
    wrong = SINGULAR if gender == "plural" else PLURAL
    found += [f"verb {v!r}" for v in verbs if v.lower() in wrong]
    return found


def card_names() -> list[str]:
    """Every name a gendered sentence may speak of: each card of both games, the Dragon."""
    adventure = [card.name for cards in DECK_LISTS.values() for card in cards]
    loveletter = [card.name for ed in EDITIONS.values() for card in ed.cards]
    return list(dict.fromkeys(["Dragon", *adventure, *loveletter]))


def test_every_card_and_creature_has_its_grammatical_gender() -> None:
    german = translations(GERMAN)
    missing = [n for n in card_names() if german.pgettext(GENDER, n) not in GENDERS]
    assert missing == [], f"no gender (one of {GENDERS}) for: {missing}"


def test_each_gendered_sentence_agrees_with_its_gender() -> None:
    gendered = found = 0
    problems = []
    for domain, english, _ids, texts in every_message():
        if english.context not in GENDERS:
            continue
        gendered += 1
        for text in texts:
            for problem in disagreements(english.context, text):
                found += 1
                problems.append(f"{where(domain, english)}: {problem} in {text!r}")
    assert gendered >= 4 * 20  # the rules, the creatures, the cards that go back, ...
    assert problems == [], f"{found}:\n" + "\n".join(problems)


def test_the_gender_rules_catch_a_wrong_form() -> None:
    assert disagreements("masculine", "Seine Stärke ist {power}.") == []
    assert disagreements("masculine", "Ihre Stärke ist {power}.") == ["pronoun 'ihre'"]
    assert disagreements("feminine", "Weiche mit {card} aus (schick ihn zu {who})") == [
        "pronoun 'ihn'"
    ]
    assert disagreements("neuter", "Dir fehlt eine {weapon}.") == ["article 'eine'"]
    assert disagreements("plural", "{creature} zieht ab.") == ["verb 'zieht'"]
    assert disagreements("masculine", "Zählen am Ende der Runde als 7.") == ["verb 'Zählen'"]
    assert disagreements("plural", "Die Karte {name} kommt zurück: Dir fehlen {weapon}.") == []


def test_the_german_forms_of_a_sentence_about_a_name_differ_as_its_gender_does() -> None:
    """A gendered sentence's four German forms are not one copied four times where English
    speaks of the name with a pronoun ("it", "its"): that is what German turns."""
    by_id: dict[tuple[str, str], dict[str, str]] = {}
    for domain, english, ids, texts in every_message():
        if english.context in GENDERS and re.search(r"\b(it|its)\b", ids[0]):
            by_id.setdefault((domain, ids[0]), {})[english.context] = texts[0]
    same = [key for key, forms in by_id.items() if len(set(forms.values())) == 1]
    assert by_id and same == []


def test_a_gendered_sentence_reads_its_gender_in_play() -> None:
    """The Wolf's power and the Giant spider's, as a German reader reads them."""
    from bot.games.adventure.text.events import event_line

    with use_locale(GERMAN):
        wolf = event_line({"type": "power", "player": "a", "card": "wolf", "power": 6}, "b")
        spider = event_line(
            {"type": "power", "player": "a", "card": "giant_spider", "power": 5}, "b"
        )
        dragon = event_line({"type": "power", "player": "a", "card": "dragon", "power": 16}, "b")
    assert (wolf, spider, dragon) == (
        "Seine Stärke ist 6.",
        "Ihre Stärke ist 5.",
        "Seine Stärke ist 16.",
    )


# --- numbers -----------------------------------------------------------------------------

COUNTS = {
    *("n", "count", "total", "power", "gp", "lp", "price", "amount", "delta", "now", "roll"),
    *("seconds", "minutes", "s", "m", "rounds", "cards", "size", "steps", "players", "games"),
}
"""Placeholders that hold a count."""
NEVER_ONE = {"most", "least", "limit", "low", "high", "far"}
"""Counts that are never 1: the bot's and the rules' fixed limits (`--name` takes at most 20
characters, a lobby holds at least 2), the ends of a range, and `far`, how far a place is that
was out of reach (farther than a roll of at least 1)."""
UNITS = {"s", "min", "ms", "GP", "LP", "Gold"}
"""Words after a number that no language here turns with it."""
ENGLISH_NOUN = re.compile(r"\{(\w+)(?:[:!][^}]*)?\}\s+([a-z]+s)\b")
GERMAN_NOUN = re.compile(r"\{(\w+)(?:[:!][^}]*)?\}\s+([A-ZÄÖÜ][a-zäöüß-]+)")
GERMAN_VERB = re.compile(r"\b(\w+)\s+(?:es\s+)?\{(\w+)(?:[:!][^}]*)?\}")
NOT_NOUNS = {"is", "was", "has", "goes", "does", "as", "its", "this", "us", "plus"}


ELSEWHERE = {"By {order} · page {page}/{pages} · {size} players"}
"""The leaderboards' words are issue 41's item on Discord's texts (branch i41-dwords)."""


def uncounted(english: str, german: str) -> list[str]:
    """Where a text that is not a plural message turns a word with a number in it."""
    found = []
    for field, word in ENGLISH_NOUN.findall(english):
        if field in COUNTS and word not in NOT_NOUNS | UNITS:
            found.append(f"{{{field}}} {word}")
    for field, word in GERMAN_NOUN.findall(german):
        if field in COUNTS and word not in UNITS:
            found.append(f"{{{field}}} {word}")
    for verb, field in GERMAN_VERB.findall(german):
        if field in COUNTS and verb.lower() in SINGULAR | PLURAL:
            found.append(f"{verb} {{{field}}}")
    return found


def test_a_number_and_the_words_it_turns_come_from_a_plural_message() -> None:
    problems = []
    for domain, english, ids, texts in every_message():
        if english.pluralizable or english.context in GENDERS or ids[0] in ELSEWHERE:
            continue
        for problem in uncounted(ids[0], texts[0]):
            problems.append(f"{where(domain, english)}: {problem} without n_ in {texts[0]!r}")
    assert problems == [], "\n".join(problems)


def test_the_number_rule_catches_a_word_not_counted() -> None:
    assert uncounted("short by {n}", "es fehlen {n}") == ["fehlen {n}"]
    assert uncounted("Draw pile: {cards} cards", "Nachziehstapel: {cards} Karten") == [
        "{cards} cards",
        "{cards} Karten",
    ]
    assert uncounted("{seconds} s", "{seconds} s") == []
    assert uncounted("{least}–{most} players", "{least}–{most} Personen") == []


# --- English words ---------------------------------------------------------------------

_ENGLISH_WORDS = """
    the and of you your with for is are were to from by at it its this that these those yes
    not card cards player players page pages turn turns round rounds rule rules table back board
    done game games end new join leave settings history help deck draw discard discards win wins
    won lost on off or if then when who what which one two three out up down his their they them
    he she we our us my me has have had will would can could should may might before after more
    less only any every each some none than there where how why next last first time seconds
    minutes rating leaderboard host pictures picture language channel click guess named played
    target options choose chosen left right nothing everything someone nobody everyone tokens
    token hearts heart crowns crown affection riddle riddles place places roads road village
    haven peril danger adventure equipment magic money dragon fight fights power strength"""
ENGLISH = set(_ENGLISH_WORDS.split())
"""Words that are English and no German word (so "was", "Rest", "Gold", "also" stay out)."""
PUBLISHED = {
    *(ed.title for ed in EDITIONS.values()),
    *(card.name for ed in EDITIONS.values() for card in ed.cards),
    *(card.title for ed in EDITIONS.values() for card in ed.cards if card.title),
}
"""Names as published: one the glossary keeps in English (Bard the Bowman) is no leak."""
KEPT = {
    # The terminal's help names the English commands it also takes, on purpose.
    "Die englischen Befehle (rules, rule, card, board, help) gehen auch.",
    "Die englischen Befehle (rule, rules, table, back, help) gehen auch.",
}
CODE = re.compile(r"`[^`]*`|--[\w-]+|^play: ")
"""Commands and options as typed (`/loveletter beitreten`, --players): not prose."""


def english_words(german: str) -> list[str]:
    text = re.sub(r"\{[^{}]*\}", " ", german)
    for kept in KEPT:
        text = text.replace(kept, " ")
    text = CODE.sub(" ", text)
    return [w for w in WORD.findall(text) if w.lower() in ENGLISH]


def test_no_english_word_in_a_german_text() -> None:
    problems = []
    for domain, english, ids, texts in every_message():
        if texts == ids and (ids[0] in PUBLISHED or english.context == "short card name"):
            continue
        for text in texts:
            words = english_words(text)
            if words:
                problems.append(f"{where(domain, english)}: {words} in {text!r}")
    assert problems == [], "\n".join(problems)


def test_the_english_rule_catches_an_english_word() -> None:
    assert english_words("Hofnarr: Dee setzt auf You") == ["You"]
    assert english_words("Rest des Spiels, was du weißt; Gold; also") == []
    assert english_words("Nutze `/loveletter end` oder --players") == []


def test_a_command_named_in_a_sentence_is_the_readers_own() -> None:
    """`/adventure end` in a catalogue text is what a German client reads as `/abenteuer
    beenden`: every command path the texts name in backticks has a German name."""
    with use_locale(GERMAN):
        assert shown_paths("mit `/adventure end`.") == "mit `/abenteuer beenden`."
        assert (
            shown_paths("`/loveletter hand` und `/adventure`")
            == "`/loveletter hand` und `/abenteuer`"
        )
    assert shown_paths("with `/adventure end`.") == "with `/adventure end`."


# --- placeholders ----------------------------------------------------------------------


def fields(text: str) -> dict[str, set[str]]:
    """Each placeholder's name -> the ways it is written (`{n:,}` -> {"n": {":,"}})."""
    out: dict[str, set[str]] = {}
    for _lit, field, spec, conversion in string.Formatter().parse(text):
        if field is not None:
            written = (f"!{conversion}" if conversion else "") + (f":{spec}" if spec else "")
            out.setdefault(field, set()).add(written)
    return out


@pytest.mark.parametrize("domain", DOMAINS)
def test_each_translation_keeps_its_placeholders_as_written(domain: str) -> None:
    problems = []
    for english, ids, texts in messages(domain):
        sources = ids if len(ids) == len(texts) else ids[:1] * len(texts)
        for source, text in zip(sources, texts, strict=True):
            if fields(source) != fields(text):
                problems.append(f"{where(domain, english)}: {fields(text)} in {text!r}")
    assert problems == [], "\n".join(problems)
