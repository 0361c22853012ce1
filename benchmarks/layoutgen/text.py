"""Seeded prose: sentences, headings, titles and list items in English, Spanish, Chinese, Japanese
and Korean, from the word lists of :mod:`.wordlists` and a small grammar (subject, verb,
object, prepositional phrases, connectives, numbers, dates, places), so that every paragraph is
different and word order means something; and hyphenation points (pyphen's TeX patterns).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import pyphen

from . import wordlists as W

LANGUAGES = ("en", "es", "zh", "ja", "ko")
CJK_LANGUAGES = ("zh", "ja")
"""Languages written without spaces between words (scored character by character)."""

MONTHS = {"en": "January February March April May June July August September October November "
                "December".split(),
          "es": "enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre "
                "diciembre".split()}


@dataclass(slots=True)
class Prose:
    """A seeded writer of one language."""

    rng: random.Random
    lang: str = "en"

    # ---------------------------------------------------------------------------------------
    # Western languages

    def _noun_phrase(self) -> str:
        r = self.rng
        if self.lang == "es":
            fem = r.random() < 0.5
            noun = r.choice(W.ES_NOUNS_F if fem else W.ES_NOUNS_M)
            art = r.choice(["la", "una", "esta", "cada"] if fem else ["el", "un", "este", "cada"])
            if r.random() < 0.45:
                adj = _es_agree(r.choice(W.ES_ADJECTIVES), fem)
                return f"{art} {noun} {adj}"
            if r.random() < 0.25:
                return f"{art} {noun} de {r.choice(W.ES_PLACES)}"
            return f"{art} {noun}"
        det = r.choice(["the", "the", "the", "a", "each", "this", "every", "the new"])
        noun = r.choice(W.EN_NOUNS)
        if r.random() < 0.45:
            adj = r.choice(W.EN_ADJECTIVES)
            if det == "a" and adj[0] in "aeiou":
                det = "an"
            return f"{det} {adj} {noun}"
        if det == "a" and noun[0] in "aeiou":
            det = "an"
        if r.random() < 0.2:
            return f"{det} {noun} of {r.choice(W.EN_PLACES)}"
        return f"{det} {noun}"

    def _extra(self) -> str:
        """A prepositional phrase, a date or an amount."""
        r = self.rng
        x = r.random()
        if x < 0.12:
            day, month, year = r.randint(1, 28), r.randrange(12), r.randint(1998, 2027)
            if self.lang == "es":
                return f"el {day} de {MONTHS['es'][month]} de {year}"
            return f"on {day} {MONTHS['en'][month]} {year}"
        if x < 0.22:
            amount = r.choice([f"{r.randint(2, 98)} %", f"{r.randint(11, 999):,}",
                               f"{r.randint(1, 40)}.{r.randint(1, 9)} million"])
            if self.lang == "es":
                return "en un " + amount.replace(" million", " millones").replace(".", ",")
            return f"by {amount}"
        prep = r.choice(W.ES_PREPOSITIONS if self.lang == "es" else W.EN_PREPOSITIONS)
        return f"{prep} {self._noun_phrase()}"

    def sentence(self) -> str:
        r = self.rng
        es = self.lang == "es"
        parts = []
        if r.random() < 0.25:
            parts.append(r.choice(W.ES_CONNECTIVES if es else W.EN_CONNECTIVES))
        parts.append(self._noun_phrase())
        if r.random() < 0.3:
            parts.append(r.choice(W.ES_ADVERBS if es else W.EN_ADVERBS))
        parts.append(r.choice(W.ES_VERBS if es else W.EN_VERBS))
        parts.append(self._noun_phrase())
        for _ in range(r.choice((0, 1, 1, 2, 2, 3))):
            parts.append(self._extra())
        if r.random() < 0.25:
            parts.append(("y " if es else "and ") + r.choice(W.ES_VERBS if es else W.EN_VERBS)
                         + " " + self._noun_phrase())
        text = " ".join(parts)
        return text[0].upper() + text[1:] + "."

    def paragraph(self, sentences: tuple[int, int] = (3, 7)) -> str:
        if self.lang in ("zh", "ja", "ko"):
            return self._cjk_paragraph(self.rng.randint(*sentences))
        return " ".join(self.sentence() for _ in range(self.rng.randint(*sentences)))

    def heading(self, words: tuple[int, int] = (2, 6)) -> str:
        """A heading without final punctuation."""
        r = self.rng
        if self.lang in ("zh", "ja", "ko"):
            return self._cjk_heading()
        es = self.lang == "es"
        n = r.randint(*words)
        pool = []
        while len(pool) < n:
            if es:
                pool += [r.choice(W.ES_NOUNS_F + W.ES_NOUNS_M)]
                if len(pool) < n:
                    pool += [r.choice(["de", "y", "en", "para"])]
            else:
                pool += [r.choice(W.EN_ADJECTIVES + W.EN_NOUNS)]
                if len(pool) < n and r.random() < 0.35:
                    pool += [r.choice(["of", "and", "in", "for"])]
        pool = pool[:n]
        while pool[-1] in ("de", "y", "en", "para", "of", "and", "in", "for"):
            pool[-1] = r.choice(W.ES_NOUNS_M if es else W.EN_NOUNS)
        text = " ".join(pool)
        return text[0].upper() + text[1:]

    def title(self) -> str:
        return self.heading((4, 9))

    def item(self, words: tuple[int, int] = (3, 14)) -> str:
        """A list item: a phrase, sometimes a whole sentence."""
        r = self.rng
        if self.lang in ("zh", "ja", "ko"):
            return self._cjk_sentence()[:-1] if r.random() < 0.5 else self._cjk_sentence()
        if r.random() < 0.4:
            s = self.sentence()
            return s
        words_ = self._noun_phrase().split() + self._extra().split()
        n = r.randint(*words)
        text = " ".join(words_[:max(n, 2)])
        return text[0].upper() + text[1:]

    def name(self) -> str:
        r = self.rng
        first = r.choice("Alex Maria John Ana Peter Laura David Elena Samuel Irene Thomas Lucía "
                         "Daniel Clara".split())
        return f"{first} {r.choice(W.EN_PEOPLE)}"

    def place(self) -> str:
        return self.rng.choice(W.ES_PLACES if self.lang == "es" else W.EN_PLACES)

    # ---------------------------------------------------------------------------------------
    # Chinese, Japanese, Korean

    def _cjk_sentence(self) -> str:
        r = self.rng
        if self.lang == "zh":
            s = (r.choice(W.ZH_CONNECTIVES) if r.random() < 0.3 else "") + r.choice(W.ZH_NOUNS)
            s += r.choice(W.ZH_ADVERBS) + r.choice(W.ZH_VERBS)
            s += r.choice(W.ZH_ADJECTIVES) + "的" + r.choice(W.ZH_NOUNS) + r.choice(W.ZH_NOUNS)
            if r.random() < 0.5:
                s += "，" + r.choice(W.ZH_VERBS) + r.choice(W.ZH_NOUNS) + r.choice(["工作", "建设", "体系"])
            if r.random() < 0.3:
                s += f"，{r.randint(2001, 2027)}年增长{r.randint(2, 40)}%"
            return s + "。"
        if self.lang == "ja":
            s = (r.choice(W.JA_CONNECTIVES) if r.random() < 0.3 else "")
            s += r.choice(W.JA_NOUNS) + r.choice(["は", "が"])
            s += r.choice(W.JA_NOUNS) + "の" + r.choice(W.JA_NOUNS) + "を"
            if r.random() < 0.4:
                s += r.choice(W.JA_NOUNS) + r.choice(["において", "に向けて", "とともに"])
            if r.random() < 0.3:
                s += f"{r.randint(2001, 2027)}年度に"
            s += r.choice(W.JA_VERB_STEMS) + r.choice(W.JA_ENDINGS)
            return s.replace("をが", "が").replace("をを", "を")
        words = []
        if r.random() < 0.3:
            words.append(r.choice(W.KO_CONNECTIVES))
        words.append(_ko(r.choice(W.KO_NOUNS), r.choice(["topic", "subject"])))
        if r.random() < 0.5:
            words.append(_ko(r.choice(W.KO_NOUNS), "of"))
        if r.random() < 0.4:
            words.append(f"{r.randint(2001, 2027)}년까지")
        words.append(_ko(r.choice(W.KO_NOUNS), "object"))
        if r.random() < 0.5:
            words.append(r.choice(W.KO_ADVERBS))
        words.append(r.choice(W.KO_VERBS))
        s = " ".join(words)
        return s + "."

    def _cjk_paragraph(self, n: int) -> str:
        sep = " " if self.lang == "ko" else ""
        return sep.join(self._cjk_sentence() for _ in range(n))

    def _cjk_heading(self) -> str:
        r = self.rng
        if self.lang == "zh":
            return r.choice(W.ZH_NOUNS) + r.choice(W.ZH_NOUNS) + r.choice(["的", ""]) + r.choice(W.ZH_NOUNS)
        if self.lang == "ja":
            return r.choice(W.JA_NOUNS) + "の" + r.choice(W.JA_NOUNS) + r.choice(W.JA_VERB_STEMS)
        return " ".join([_ko(r.choice(W.KO_NOUNS), "of"), r.choice(W.KO_NOUNS), r.choice(W.KO_NOUNS)])


def _es_agree(adj: str, feminine: bool) -> str:
    if feminine and adj.endswith("o"):
        return adj[:-1] + "a"
    return adj


def _has_final(syllable: str) -> bool:
    """A Hangul syllable ending in a consonant (batchim) takes 은/이/을/으로."""
    code = ord(syllable) - 0xAC00
    return 0 <= code < 11172 and code % 28 != 0


def _ko(noun: str, role: str) -> str:
    final = _has_final(noun[-1])
    if role == "topic":
        return noun + ("은" if final else "는")
    if role == "subject":
        return noun + ("이" if final else "가")
    if role == "object":
        return noun + ("을" if final else "를")
    return noun + "의"


class Hyphenator:
    """Hyphenation points from TeX's patterns (pyphen), with a typesetter's minimums of two
    letters before the break and three after (TeX's lefthyphenmin and righthyphenmin)."""

    def __init__(self, lang: str) -> None:
        self._dic = pyphen.Pyphen(lang={"en": "en_US", "es": "es"}.get(lang, "en_US"),
                                  left=2, right=3)

    def splits(self, word: str) -> list[tuple[str, str]]:
        """``(head, tail)`` pairs, longest head first; the head gets a hyphen when set.
        Words with digits, capitals inside or a hyphen already are never split."""
        core = word.rstrip(".,;:)")
        if len(core) < 6 or not core.isalpha() or not core[1:].islower():
            return []
        tail_punct = word[len(core):]
        return [(h, t + tail_punct) for h, t in self._dic.iterate(core)]
