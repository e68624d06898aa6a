"""German rules vocabulary for the German front end (grammar/de.lark + cardlint.lang.de.frontend).

The word classes here are *rules vocabulary* (game nouns, card types, verbs of the rules text,
determiners …), never card data.  ``tools/build_lexicon_de.py`` turns them into the regex
terminals of ``grammar/de_lexicon.lark``; the builder in :mod:`cardlint.lang.de.frontend` uses the same
tables to map German forms to IR values (lemmas, types, colours).

German morphology handled here:
- adjective declension endings (-e/-en/-em/-er/-es) on every adjective stem;
- noun plural/case endings and compounds (``Kreaturenspielstein``, ``Nichtstandardländer``,
  ``Goblin-Kreaturen``, ``+1/+1-Marke``) — a noun is one or more known stems joined directly or by
  a hyphen, optionally with a linking/inflection ending and a ``nicht``/``nicht-`` prefix;
- verb conjugation: imperative, 2nd/3rd person, plural, infinitive, participle, ``zu``-infinitive,
  and separable verbs (``bringe … zurück`` / ``zurückbringen`` / ``zurückgebracht``).
"""

from __future__ import annotations

import re

ADJ_ENDINGS = ("", "e", "en", "em", "er", "es")

# ------------------------------------------------------------------ card types and nouns
#: noun stem → canonical IR value ("type:creature", "noun:card", …).  The stem is the form used
#: inside compounds; inflected forms are added by NOUN_FORMS / the compound regex.
TYPE_STEMS = {
    "kreatur": "creature", "artefakt": "artifact", "verzauberung": "enchantment", "land": "land",
    "länder": "land", "planeswalker": "planeswalker", "spontanzauber": "instant", "hexerei": "sorcery",
    "stammes": "tribal", "phänomen": "phenomenon",
}
#: basic land types (CR 205.3i).  "Ebene" is also the Planechase card type Plane, but in rules
#: text about lands and mana it is always Plains.
BASIC_LAND_TYPES = {"ebene": "plains", "insel": "island", "sumpf": "swamp", "sümpfe": "swamp",
                    "gebirge": "mountain", "wald": "forest", "wälder": "forest"}
SUPERTYPE_STEMS = {"standard": "basic", "legendär": "legendary", "verschneit": "snow", "welt": "world"}

#: noun → (IR noun, optional type)
OBJ_NOUNS = {
    "karte": "card", "spielstein": "token", "spielmarke": "token", "zauberspruch": "spell",
    "zauber": "spell", "spruch": "spell", "bleibende": "permanent", "permanent": "permanent",
    "fähigkeit": "ability", "quelle": "source", "objekt": "object", "kopie": "copy", "effekt": "effect",
    "emblem": "emblem",
}
PLAYER_NOUNS = {"spieler": "player", "gegner": "opponent", "besitzer": "owner", "beherrscher": "controller",
                "mitspieler": "teammate", "monarch": "monarch", "kommandeur": "commander"}
ZONE_NOUNS = {"bibliothek": "library", "friedhof": "graveyard", "friedhöfe": "graveyard", "hand": "hand",
              "hände": "hand", "exil": "exile", "stapel": "stack", "spiel": "battlefield",
              "kommandozone": "command", "kartenstapel": "library", "ablagestapel": "graveyard",
              "abwurfstapel": "graveyard", "starthand": "hand", "anfangshand": "hand"}

#: Other rules nouns (stems; inflection and compounds come from the regex).
OTHER_NOUN_STEMS = """
zug züge spielzug ende beginn anfang segment phase versorgung versorgungs versorgungsphase enttapp enttap
ziehsegment zaubersprüch sprüch kampf kampfes kampfschaden schaden schadens schadenspunkt punkt punkte lebenspunkt lebens leben
lebenspunktestand lebenspunktezahl mana manavorrat manakosten manasymbol manafähigkeit manabatterie
farbe farbwert farbwort farbkombination farbidentität stärke widerstandskraft grundstärke grundwiderstandskraft
basis marke marken kosten zeitpunkt anzahl gesamtanzahl wahl kontrolle typ kreaturentyp kartentyp landtyp
untertyp standardlandtyp name namen kartenname ziel zielkreatur rest reihenfolge weise höhe zahl summe hälfte
differenz münze münzwurf münzwürfe partie runde angriff angreifer blocker verteidiger text mal modus weise
zeit hauptphase kampfphase endsegment ende handkartenzahl handkarte handkarten maximum obergrenze grenzwert
x würfel ergebnis stufe loyalität loyalitäts loyalitätsfähigkeit position richtung seite hälfte drittel
gesamtstärke gesamtwiderstandskraft gesamtspruchkosten spruchkosten aktivierungskosten bonuskosten
rückkaufkosten morphkosten kumulative ladung zeitmarke giftmarke gift energie erfahrung art sorte eigenschaft
eigenschaften unterschied gleichstand kopf zahl regel regeln effekt dauer fall lage vorgang zeitpunkt
beschwörung beschwörungszauber unterbrechung unterbrechungszauber dauerhafte aura auren ausrüstung
ausrüstungs fahrzeug fahrzeuge fluch schrein tor wüste hort lager schatz schatzkiste mensch sage saga
geschichte kapitel kommandeur kreaturenzauber artefaktzauber verzauberungszauber kartentypen typs typen
farbwortes wahl gebot höchstgebot abstimmung stimme stimmen tribut segen domäne stadt initiative
monarch dungeon raum tag nacht verlies modus modi vorzeichen kampfschadensegment deklarieren
angriffs blocks schadensquelle schadenszuweisung zuweisung verteilung aufteilung haufen stapel
ablage deck sideboard spielbeginn startlebenspunktezahl zusatz plus minus gleichheit legende
chaos hingabe fehde luft urheber antwort soforteffekt einsatz merkmal prozess gelände verbündete verbündeten
verbündeter
""".split()

#: Card-game counter names appear as "<name>marke(n)"; any stem + "marke" is a counter noun.
COUNTER_SUFFIX = ("marke", "marken", "spielmarke", "spielmarken")

# ------------------------------------------------------------------ colours, adjectives
COLORS = {"weiß": "W", "blau": "U", "schwarz": "B", "rot": "R", "grün": "G", "farblos": "colorless",
          "mehrfarbig": "multicolored", "einfarbig": "monocolored"}

#: adjective stems (inflected with -e/-en/-em/-er/-es) → IR meaning
ADJ_STEMS = {
    "verzaubert": "attached:enchanted", "ausgerüstet": "attached:equipped", "befestigt": "attached:fortified",
    "angreifend": "status:attacking", "blockend": "status:blocking", "getappt": "status:tapped",
    "ungetappt": "status:untapped", "geblockt": "status:blocked", "ungeblockt": "status:unblocked",
    "verteidigend": "mod:defending", "legendär": "super:legendary", "verschneit": "super:snow",
    "bleibend": "noun:permanent", "ander": "other", "weiter": "other", "übrig": "other",
    "zusätzlich": "mod", "nächst": "mod", "oberst": "mod:top", "unterst": "mod:bottom",
    "beliebig": "mod", "erst": "mod", "zweit": "mod", "dritt": "mod", "letzt": "mod", "ganz": "mod",
    "gesamt": "mod", "neu": "mod", "maximal": "mod", "höchst": "mod", "größt": "mod", "kleinst": "mod",
    "niedrigst": "mod", "gleich": "mod", "selb": "mod", "dieselb": "mod", "derselb": "mod", "einzeln": "mod",
    "verdeckt": "status:face_down", "offen": "status:revealed", "aufgedeckt": "status:revealed",
    "gewählt": "mod", "bestimmt": "mod", "genannt": "mod", "zufällig": "mod", "umgewandelt": "mod",
    "aktiviert": "mod", "ausgelöst": "mod", "statisch": "mod", "arkan": "sub:arcane", "nichtkampf": "mod",
    "manaspezifisch": "mod", "unterschiedlich": "mod", "verschieden": "mod", "gerad": "mod",
    "ungerad": "mod", "normal": "mod", "eigen": "mod", "jeweilig": "mod", "entsprechend": "mod",
    "gezogen": "mod", "geopfert": "mod", "abgeworfen": "mod", "vorgezeigt": "status:revealed",
    "ausgesetzt": "status:suspended", "exiliert": "status:exiled", "gelegt": "mod", "gewirkt": "mod",
    "gespielt": "mod", "zerstört": "mod", "geschickt": "mod", "entfernt": "mod", "verhindert": "mod",
    "zugefügt": "mod", "eingeprägt": "mod", "verbleibend": "mod", "restlich": "mod", "historisch": "mod",
    "phyrexianisch": "mod", "mechanisch": "mod", "monströs": "status:monstrous", "transformiert": "status:transformed",
    "fliegend": "with:flying", "nichtfliegend": "without:flying", "bezahlt": "mod", "ausgegeben": "mod",
    "verloren": "mod", "gewonnen": "mod", "vorher": "mod", "wenigst": "mod", "meist": "mod", "häufigst": "mod",
    "größer": "mod", "kleiner": "mod", "höher": "mod", "niedriger": "mod", "doppelt": "mod", "einmalig": "mod",
    "zugehörig": "mod", "gegnerisch": "mod", "mächtig": "mod", "schwach": "mod", "befindlich": "mod",
    "betroffen": "mod", "angelegt": "mod", "gleichzeitig": "mod", "direkt": "mod", "unblockbar": "mod",
    "angegriffen": "mod", "gestorben": "mod", "verwendet": "mod", "benannt": "mod", "erzeugt": "mod",
    "ungetapptes": "status:untapped", "zurückgebracht": "mod", "nichtlegendär": "mod", "nichtstandard": "mod",
    "gebunden": "mod", "ober": "mod",
}

#: derivational adjective suffixes: an unknown word ending so and declined is an adjective
ADJ_SUFFIXES = ("isch", "ig", "lich", "bar", "los", "haft", "sam", "end")

# ------------------------------------------------------------------ verbs
# Each entry: german lemma → (english lemma, forms).  Forms are generated from a compact spec:
#   "w:STEM"     weak verb (zerstör → zerstöre, zerstörst, zerstört, zerstören, zerstörte, zerstörten, gezerstört*)
#   "f:FORM …"   explicit forms
# A separable verb has "PARTICLE|" in front of its spec: "zurück|w:bring" is handled like
# "bring" in main clauses (particle separate) and "zurückbring…" joined.

def _weak(stem: str, ge: bool = True, inf_e: bool = True) -> list[str]:
    e = "e" if re.search(r"(t|d|chn|ffn|gn)$", stem) else ""
    # past tense -te/-ten is left out: it coincides with the declined participle ("verzauberte"),
    # which the lexicon lists as an adjective (participle_adjectives)
    # "opfer-n", "wechsel-n", but "kontrollier-en"
    inf = "n" if stem.endswith(("er", "el")) and not stem.endswith("ier") else ("en" if inf_e else "n")
    forms = [stem + "e", stem + e + "st", stem + e + "t", stem + inf,
             stem + "est", stem + "et"]
    if stem.endswith("el"):
        forms.append(stem[:-2] + "le")  # "wechsle", "verdopple"
    if inf == "n":
        forms.append(stem + "en")  # also the regular spelling where it occurs ("opferen" never does: harmless)
    if ge:
        forms.append("ge" + stem + e + "t")
    else:
        forms.append(stem + e + "t")
    return forms


VERB_SPECS: dict[str, tuple[str, list[str]]] = {}


def _v(lemma: str, en: str, *forms: str) -> None:
    VERB_SPECS[lemma] = (en, list(forms))


# weak verbs with ge- participles
for _lem, _en, _stem in [
    ("zerstören", "destroy", "zerstör"), ("opfern", "sacrifice", "opfer"), ("legen", "put", "leg"),
    ("wirken", "cast", "wirk"), ("tappen", "tap", "tapp"), ("mischen", "shuffle", "misch"),
    ("zahlen", "pay", "zahl"), ("schicken", "exile", "schick"), ("blocken", "block", "block"),
    ("spielen", "play", "spiel"), ("zeigen", "reveal", "zeig"), ("decken", "reveal", "deck"),
    ("schauen", "look", "schau"), ("würfeln", "roll", "würfel"), ("kämpfen", "fight", "kämpf"),
    ("zählen", "count", "zähl"), ("teilen", "divide", "teil"), ("wählen", "choose", "wähl"),
    ("nennen", "name", "nenn"), ("tauschen", "exchange", "tausch"), ("setzen", "put", "setz"),
    ("machen", "make", "mach"), ("sagen", "say", "sag"), ("kosten", "cost", "kost"),
    ("drehen", "turn", "dreh"), ("folgen", "follow", "folg"), ("stellen", "put", "stell"),
    ("regeln", "rule", "regel"), ("füllen", "fill", "füll"), ("fügen", "deal", "füg"),
    ("lenken", "redirect", "lenk"), ("leiten", "redirect", "leit"), ("reichen", "suffice", "reich"),
    ("enden", "end", "end"), ("wenden", "apply", "wend"), ("kehren", "return", "kehr"),
    ("holen", "fetch", "hol"), ("suchen", "search", "such"), ("stapeln", "stack", "stapel"),
    ("lösen", "resolve", "lös"), ("prägen", "imprint", "präg"), ("schützen", "protect", "schütz"),
    ("zielen", "target", "ziel"), ("brauchen", "need", "brauch"), ("fehlen", "lack", "fehl"),
    ("handeln", "act", "handel"), ("wechseln", "change", "wechsel"), ("töten", "kill", "töt"),
    ("starten", "start", "start"), ("landen", "land", "land"), ("schaffen", "manage", "schaff"),
    ("wachsen", "grow", "wachs"), ("passen", "fit", "pass"), ("bauen", "build", "bau"),
]:
    _v(_lem, _en, *_weak(_stem))

# weak verbs without ge- (be-/ver-/er-/ent-/zer-/-ieren)
for _lem, _en, _stem in [
    ("kontrollieren", "control", "kontrollier"), ("neutralisieren", "counter", "neutralisier"),
    ("verhindern", "prevent", "verhinder"), ("regenerieren", "regenerate", "regenerier"),
    ("bezahlen", "pay", "bezahl"), ("entfernen", "remove", "entfern"), ("enttappen", "untap", "enttapp"),
    ("durchsuchen", "search", "durchsuch"), ("erhöhen", "add", "erhöh"), ("erzeugen", "create", "erzeug"),
    ("bestimmen", "choose", "bestimm"), ("transformieren", "transform", "transformier"),
    ("manifestieren", "manifest", "manifestier"), ("kopieren", "copy", "kopier"),
    ("verdoppeln", "double", "verdoppel"), ("vertauschen", "switch", "vertausch"),
    ("aktivieren", "activate", "aktivier"), ("behandeln", "treat", "behandel"), ("verteilen", "distribute", "verteil"),
    ("benennen", "name", "benenn"), ("verursachen", "deal", "verursach"), ("erkunden", "explore", "erkund"),
    ("beenden", "end", "beend"), ("produzieren", "produce", "produzier"), ("verwenden", "use", "verwend"),
    ("benutzen", "use", "benutz"), ("ersetzen", "replace", "ersetz"), ("versetzen", "move", "versetz"),
    ("erschöpfen", "exhaust", "erschöpf"), ("verändern", "change", "veränder"), ("ändern", "change", "änder"),
    ("verzaubern", "enchant", "verzauber"), ("befinden", "be", "befind"), ("deklarieren", "declare", "deklarier"),
    ("ignorieren", "ignore", "ignorier"), ("wiederholen", "repeat", "wiederhol"), ("zerstören2", "destroy", "zerstör"),
    ("verlängern", "extend", "verlänger"), ("verringern", "reduce", "verringer"), ("reduzieren", "reduce", "reduzier"),
    ("entscheiden", "choose", "entscheid"), ("erfordern", "require", "erforder"), ("erlauben", "allow", "erlaub"),
    ("besitzen", "own", "besitz"), ("verdecken", "turn_face_down", "verdeck"), ("inhaftieren", "detain", "inhaftier"),
    ("exilieren", "exile", "exilier"), ("provozieren", "provoke", "provozier"), ("adaptieren", "adapt", "adaptier"),
    ("bevölkern", "populate", "bevölker"), ("überwachen", "surveil", "überwach"), ("befehden", "feud", "befehd"),
    ("destabilisieren", "phase_out", "destabilisier"), ("stabilisieren", "phase_in", "stabilisier"),
    ("erzürnen", "enrage", "erzürn"), ("betrachten", "look", "betracht"), ("verwandeln", "transform", "verwandel"),
    ("markieren", "mark", "markier"), ("verbessern", "improve", "verbesser"), ("vermehren", "proliferate", "vermehr"),
    ("verstärken", "bolster", "verstärk"), ("erweitern", "extend", "erweiter"), ("verlassen2", "leave", "verlass"),
    ("erkämpfen", "fight", "erkämpf"), ("bezeichnen", "name", "bezeichn"), ("beschränken", "restrict", "beschränk"),
    ("addieren", "add", "addier"), ("subtrahieren", "subtract", "subtrahier"), ("platzieren", "place", "platzier"),
    ("erweitern2", "extend", "erweiter"), ("entfesseln", "unleash", "entfessel"), ("verhüllen", "shroud", "verhüll"),
    ("riskieren", "risk", "riskier"), ("zerlegen", "dismantle", "zerleg"), ("bewegen", "move", "beweg"),
    ("erlangen", "gain", "erlang"), ("berühren", "touch", "berühr"), ("befehlen", "command", "befehl"),
    ("beherrschen", "control", "beherrsch"), ("verfügen", "have", "verfüg"), ("entsenden", "send", "entsend"),
    ("verbannen", "exile", "verbann"), ("vernichten", "destroy", "vernicht"), ("verschlingen", "devour", "verschling"),
    ("infizieren", "infect", "infizier"), ("hellsehen", "scry", "hellseh"), ("zurückverfolgen", "retrace", "zurückverfolg"),
    ("mutieren", "mutate", "mutier"), ("konvertieren", "convert", "konvertier"), ("kombinieren", "combine", "kombinier"),
    ("fabrizieren", "fabricate", "fabrizier"), ("improvisieren", "improvise", "improvisier"),
    ("duplizieren", "copy", "duplizier"), ("verewigen", "eternalize", "verewig"), ("vergiften", "poison", "vergift"),
    ("betreten", "enter", "betret"), ("explodieren", "explode", "explodier"), ("verraten", "betray", "verrat"),
]:
    _v(_lem, _en, *_weak(_stem, ge=False))

# irregular and separable verbs (explicit forms)
_v("sein", "be", "ist", "sind", "bist", "sei", "seid", "war", "waren", "warst", "wäre", "wären", "wärst",
   "gewesen", "sein")
_v("haben", "have", "hat", "haben", "hast", "habe", "hätte", "hätten", "hättest", "hatte", "hatten",
   "hattest", "gehabt", "habt")
_v("werden", "become", "wird", "werden", "wirst", "würde", "würden", "würdest", "wurde", "wurden",
   "wurdest", "worden", "geworden", "werde")
_v("können", "can", "kann", "kannst", "können", "könnte", "könnten", "könntest", "konnte", "konnten")
_v("müssen", "must", "muss", "muß", "musst", "mußt", "müssen", "müsste", "müßte", "musste", "mußte")
_v("dürfen", "may", "darf", "darfst", "dürfen", "dürfte", "durfte")
_v("wollen", "want", "will", "willst", "wollen", "wollte")
_v("sollen", "should", "soll", "sollst", "sollen", "sollte")
_v("lassen", "have", "lass", "lasse", "lässt", "läßt", "lassen", "ließ", "gelassen")
_v("erhalten", "get", "erhält", "erhalten", "erhältst", "erhaltet", "erhielt", "erhielten", "erhalte")
_v("kommen", "enter", "kommt", "kommen", "kommst", "komme", "kam", "kamen", "gekommen", "käme")
_v("ziehen", "draw", "ziehe", "zieh", "ziehst", "zieht", "ziehen", "zog", "zogen", "gezogen", "zöge")
_v("bringen", "return", "bringe", "bring", "bringst", "bringt", "bringen", "brachte", "brachten", "gebracht")
_v("verlieren", "lose", "verliert", "verlierst", "verlieren", "verliere", "verlor", "verloren")
_v("sterben", "die", "stirbt", "sterben", "stirb", "starb", "starben", "gestorben")
_v("verlassen", "leave", "verlässt", "verläßt", "verlassen", "verließ", "verließen")
_v("werfen", "discard", "wirf", "wirft", "wirfst", "werfen", "warf", "warfen", "geworfen", "werfe")
_v("nehmen", "take", "nimm", "nimmt", "nimmst", "nehmen", "nahm", "genommen", "nehme")
_v("übernehmen", "gain_control", "übernimm", "übernimmt", "übernimmst", "übernehmen", "übernahm", "übernommen")
_v("geben", "give", "gib", "gibt", "gibst", "geben", "gab", "gegeben")
_v("gewinnen", "win", "gewinnst", "gewinnt", "gewinnen", "gewinne", "gewann", "gewonnen")
_v("greifen", "attack", "greift", "greifen", "greifst", "griff", "griffen", "gegriffen")
_v("sehen", "look", "sieh", "sieht", "siehst", "sehen", "sah", "gesehen")
_v("stehen", "stand", "steht", "stehen", "stand", "gestanden")
_v("liegen", "lie", "liegt", "liegen", "lag", "lagen", "gelegen")
_v("gelten", "count_as", "gilt", "gelten", "galt", "gegolten")
_v("bleiben", "remain", "bleibt", "bleiben", "blieb", "geblieben", "bleibe")
_v("betragen", "be", "beträgt", "betragen", "betrug")
_v("entsprechen", "equal", "entspricht", "entsprechen", "entsprach")
_v("enthalten", "contain", "enthält", "enthalten")
_v("tun", "do", "tust", "tut", "tun", "tue", "tat", "taten", "getan")
_v("gehen", "go", "geht", "gehen", "ging", "gegangen")
_v("finden", "find", "findet", "finden", "fand", "gefunden")
_v("treffen", "choose", "triff", "trifft", "triffst", "treffen", "traf", "getroffen")
_v("schlagen", "strike", "schlägt", "schlagen", "schlug", "geschlagen")
_v("überspringen", "skip", "überspringe", "überspring", "überspringst", "überspringt", "überspringen", "übersprungen")
_v("übergehen", "skip", "übergehe", "übergeh", "übergehst", "übergeht", "übergehen", "übergangen")
_v("begraben", "bury", "begrabe", "begrab", "begräbt", "begraben", "begräbst")
_v("erscheinen", "appear", "erscheint", "erscheinen", "erschien")
_v("beginnen", "begin", "beginnt", "beginnen", "begann", "begonnen", "beginne")
_v("wiegen", "weigh", "wiegt")
_v("wissen", "know", "weißt", "wissen")  # "weiß" is the colour
_v("bieten", "bid", "biete", "bietest", "bietet", "bieten", "geboten")
_v("anwenden", "apply", "wende", "wendest", "wendet", "anwenden", "angewendet", "angewandt", "anwendest", "anwendet")
_v("heißen", "be_named", "heißt", "heißen")
_v("sprechen", "say", "sprich", "spricht", "sprichst", "sprechen", "gesprochen")
_v("tragen", "carry", "trägt", "tragen", "getragen")
_v("schreiben", "write", "schreibe", "schreibt", "geschrieben")
_v("wechseln2", "change", "wechselt")
_v("lesen", "read", "lies", "liest", "lesen", "gelesen")
_v("halten", "hold", "hält", "halten", "gehalten")
_v("laufen", "run", "läuft", "laufen")
_v("fallen", "fall", "fällt", "fallen", "gefallen")
_v("zwingen", "force", "zwingt", "zwingen", "gezwungen")
_v("steigen", "rise", "steigt", "steigen", "gestiegen")
_v("mögen", "like", "möchte", "möchtest")
_v("vergessen", "forget", "vergiss", "vergisst", "vergessen")
_v("verleihen", "grant", "verleiht", "verleihen", "verliehen")
_v("wirken2", "cast", "wirke")

#: separable particles that end a main clause ("bringe … zurück")
PARTICLES = ("zurück", "ab", "an", "auf", "aus", "ein", "zu", "dazu", "hinzu", "vor", "weg", "fest",
             "nach", "um", "bei", "herbei", "hervor", "heraus", "frei", "los", "hoch", "wieder",
             "hinein", "herein", "zusammen", "durch", "über", "unter", "gegenüber", "voran", "fort",
             "her", "hin", "offen", "beiseite", "zurückbringen")

#: (particle, verb lemma) → english lemma for separable verbs; joined forms are generated
SEPARABLE = {
    ("zurück", "bringen"): "return", ("zurück", "legen"): "return", ("zurück", "kehren"): "return",
    ("zurück", "nehmen"): "return", ("zurück", "geben"): "return", ("zurück", "holen"): "return",
    ("ab", "werfen"): "discard", ("an", "greifen"): "attack", ("auf", "decken"): "reveal",
    ("vor", "zeigen"): "reveal", ("an", "schauen"): "look", ("an", "sehen"): "look",
    ("zu", "fügen"): "deal", ("dazu", "erhalten"): "gain", ("hinzu", "fügen"): "add",
    ("aus", "tauschen"): "exchange", ("an", "legen"): "attach", ("ab", "legen"): "put",
    ("aus", "wählen"): "choose", ("aus", "spielen"): "play", ("aus", "geben"): "spend",
    ("ab", "ziehen"): "remove", ("ein", "prägen"): "imprint", ("auf", "teilen"): "divide",
    ("zu", "teilen"): "assign", ("um", "wandeln"): "cycle", ("um", "leiten"): "redirect",
    ("um", "lenken"): "redirect", ("auf", "steigen"): "level_up", ("auf", "stellen"): "put",
    ("aus", "lösen"): "trigger", ("an", "wenden"): "apply", ("ab", "handeln"): "resolve",
    ("zu", "weisen"): "assign", ("aus", "wirken"): "apply", ("weg", "nehmen"): "remove",
    ("vor", "kommen"): "occur", ("zu", "ordnen"): "assign", ("aus", "führen"): "perform",
    ("ab", "wenden"): "avert", ("hinzu", "zählen"): "add", ("aus", "setzen"): "suspend",
    ("aus", "graben"): "dredge", ("aus", "rüsten"): "equip", ("aus", "schlachten"): "exploit",
    ("aus", "plündern"): "scavenge", ("ein", "setzen"): "deploy", ("fest", "legen"): "set",
    ("zu", "decken"): "cover", ("ein", "berufen"): "convoke", ("auf", "hören"): "stop",
    ("ab", "fangen"): "catch", ("auf", "lösen"): "dissolve", ("vor", "hersagen"): "forecast",
    ("auf", "tauchen"): "emerge", ("ein", "balsamieren"): "embalm", ("an", "ziehen"): "attract",
    ("mit", "zählen"): "count", ("ab", "bezahlen"): "pay", ("zusammen", "setzen"): "assemble",
    ("her", "beirufen"): "evoke", ("an", "kommen"): "arrive", ("ab", "schicken"): "send",
    ("hinzu", "kommen"): "add", ("frei", "setzen"): "release", ("hoch", "zählen"): "count",
    ("ab", "geben"): "give", ("an", "nehmen"): "assume", ("aus", "löschen"): "erase",
    ("zurück", "werfen"): "return", ("ab", "tauschen"): "exchange", ("ein", "tauschen"): "exchange",
    ("hinein", "legen"): "put", ("heraus", "nehmen"): "take", ("an", "bieten"): "offer",
    ("aus", "schalten"): "disable", ("an", "hängen"): "attach", ("ab", "stimmen"): "vote",
}

# extra separable-verb base forms not in VERB_SPECS (stems only for the joined forms)
_EXTRA_BASES = {
    "kehren": _weak("kehr"), "weisen": ["weise", "weist", "weisen", "gewiesen"], "wandeln": _weak("wandel"),
    "ordnen": ["ordne", "ordnest", "ordnet", "ordnen", "geordnet"], "führen": _weak("führ"),
    "rüsten": _weak("rüst"), "schlachten": _weak("schlacht"), "plündern": _weak("plünder"),
    "berufen": ["berufe", "beruft", "berufen"], "hören": _weak("hör"), "fangen": ["fange", "fängt", "fangen", "gefangen"],
    "hersagen": _weak("hersag"), "tauchen": _weak("tauch"), "balsamieren": _weak("balsamier", ge=False),
    "beirufen": ["beirufen", "beirufst", "beiruft"], "hängen": _weak("häng"), "schalten": _weak("schalt"),
    "löschen": _weak("lösch"), "graben": ["grabe", "gräbt", "graben", "gegraben"], "stimmen": _weak("stimm"),
}


def verb_forms() -> dict[str, str]:
    """All verb forms → german lemma (joined separable forms → 'particle+lemma')."""
    out: dict[str, str] = {}
    for lemma, (_en, forms) in VERB_SPECS.items():
        base = lemma.rstrip("2")
        for f in forms:
            out.setdefault(f.replace("_v", ""), base)
    bases = {lem.rstrip("2"): forms for lem, (_en, forms) in VERB_SPECS.items()}
    bases.update(_EXTRA_BASES)
    for (part, lemma), _en in SEPARABLE.items():
        forms = bases.get(lemma, [])
        inf = lemma
        joined = {part + f for f in forms if not f.startswith("ge")}
        joined |= {part + f for f in forms if f.startswith("ge")}  # abgeworfen, zurückgebracht
        joined.add(part + "zu" + inf)
        for f in joined:
            out[f] = part + "+" + lemma
        for f in forms:
            out.setdefault(f, lemma)
    return out


def english_lemma(german: str) -> str:
    """german lemma ('zurück+bringen' or 'zerstören') → english lemma."""
    if "+" in german:
        part, lem = german.split("+", 1)
        return SEPARABLE.get((part, lem), lem)
    spec = VERB_SPECS.get(german) or VERB_SPECS.get(german + "2")
    return spec[0] if spec else german


# the short imperative of a weak verb in older printings: "Schau dir … an"
VERB_SPECS["schauen"][1].append("schau")

#: predicative adjectives that state a rule about the object ("ist unblockbar": can't be blocked)
RULES_STATE_ADJ = {"unblockbar": "cant_be_blocked"}

#: ability words (CR 207.2c) that older German printings set without the dash: "Grenzwert Solange …"
ABILITY_WORDS = ("grenzwert", "verwandtschaft", "ausstrahlung", "domäne", "versessenheit", "raserei", "wegfegen",
                 "morbid", "gewaltig", "landung", "heroisch", "blutrausch", "metallurgie", "kanalisieren")

#: keyword actions written as a noun or infinitive with a number (CR 701): German → English verb
KEYWORD_ACTIONS = {"hellsicht": "scry", "monstrum": "monstrosity", "kräftigung": "bolster", "aufmarsch": "amass",
                   "beistand": "support", "überwachen": "surveil", "adaptieren": "adapt"}


# ------------------------------------------------------------------ function words
ARTICLES = "der die das den dem des ein eine einen einem einer eines".split()
DETERMINERS = """
kein keine keinen keinem keiner keines jede jeder jedes jeden jedem alle allen aller alles
diese dieser dieses diesen diesem jene jener jenes jenen jenem
dein deine deinen deinem deiner deines sein seine seinen seinem seiner seines
ihr ihre ihren ihrem ihrer ihres mein meine meinen meinem meiner unser unsere euer
beide beiden beider solche solcher solchen solches welche welcher welches welchen welchem
mehrere einige manche viele wenige irgendein irgendeine irgendeinen irgendeinem irgendeiner irgendeines
dieselbe derselbe dasselbe denselben demselben derselben desselben
""".split()
NUMBERS = {"null": 0, "eins": 1, "zwei": 2, "drei": 3, "vier": 4, "fünf": 5, "sechs": 6, "sieben": 7,
           "acht": 8, "neun": 9, "zehn": 10, "elf": 11, "zwölf": 12, "dreizehn": 13, "fünfzehn": 15,
           "zwanzig": 20, "hundert": 100, "x": None, "y": None, "einmal": 1, "zweimal": 2, "dreimal": 3,
           "doppelt": 2, "halb": None, "ebensoviele": None, "genausoviele": None, "gleichviele": None,
           "soviele": None, "ebenso viele": None, "genauso viele": None, "so viele": None,
           "ebensoviel": None, "soviel": None, "viermal": 4}
# "das" and "diese" are articles/determiners ("das verzauberte Artefakt"); standing alone they
# form a determiner-only noun phrase, so they are not listed as pronouns
PRONOUNS = """du dich dir er sie es ihn ihm ihnen sich man jemand niemand dies etwas nichts
alles_p ich mich mir wir uns selbst selber einander""".split()
PREPOSITIONS = """
auf in im ins zum zur vom von aus mit für um unter über an am ans bei beim nach vor bis zu gegen ohne durch
außer anstatt statt seit zwischen pro je als wie innerhalb außerhalb oberhalb unterhalb entsprechend
gemäß laut trotz wegen aufgrund neben hinter anstelle mittels samt nebst infolge
""".split()
CONJUNCTIONS = "und oder sowie bzw aber sondern sowohl noch weder entweder".split()
SUBORDINATORS = """wenn falls solange sobald während nachdem bevor dass daß ob weil da indem wobei
sofern soweit bis damit""".split()
ADVERBS = """
nicht nur auch noch dann danach stattdessen zusätzlich wieder erneut sofort gerade ebenfalls außerdem
jeweils insgesamt gemeinsam zusammen getrennt beliebig zufällig offen verdeckt immer nie niemals
bereits schon genau mindestens höchstens mehr weniger so ebenso genauso gleich einmal zweimal dreimal
dabei dafür dadurch damit daran darauf daraus darin darunter davon dazu dorthin dort hier hierzu
irgendwoher irgendwo woher wohin anders andernfalls ansonsten sonst stets jederzeit gleichzeitig
direkt normal stattdessen weiterhin später vorher zuerst zuletzt zunächst jetzt allerdings jedoch
eben etwa ganz völlig eventuell möglicherweise ebensoviele bis_a erst lediglich alleine allein
auch_a obendrein zudem ebenso herum voneinander hintereinander nacheinander einzeln doppelt
ungetappt getappt angreifend blockend umgekehrt aufgerundet abgerundet rechts links oben unten
nochmals solange_a überhaupt tatsächlich wenigstens sogar denn aber_a also deshalb trotzdem
irgendwie wann was wer wo wie_a warum wessen welch
erfolgreich oft öfter anderenfalls geheim zumindest
""".split()


def participle_adjectives() -> set[str]:
    """Declined participles of the known verbs ("verzauberte", "geopferten", "abgeworfene")."""
    out: set[str] = set()
    for form, lemma in verb_forms().items():
        if (form.startswith("ge") or "+" in lemma or lemma.endswith("ieren") or lemma.startswith(("be", "ver", "er", "ent", "zer", "über"))) \
                and form.endswith("t") and len(form) > 4:
            for e in ("e", "en", "em", "er", "es"):
                out.add(form + e)
    for lemma, (_en, forms) in VERB_SPECS.items():
        for f in forms:
            if f.startswith("ge") and f.endswith("en"):
                for e in ("e", "en", "em", "er", "es"):
                    out.add(f[:-2] + "en" + e if False else f + e)
    return out
