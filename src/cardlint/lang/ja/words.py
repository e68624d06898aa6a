"""Japanese rules vocabulary for the Japanese front end (grammar/ja.lark).

Japanese card text has no spaces.  The grammar's lexer splits it with one WORD terminal: a
longest-match regex (a trie) over every word listed here (plus the grammar's own literals and
the subtypes in :mod:`cardlint.lang.ja.vocab`); a post-lexer then gives each word its grammatical
category (noun, verb form, determiner, …) so the LALR grammar parses categories.  Verbs are listed
by lemma and conjugation class; :func:`conjugate` spells out the forms card text uses.

This module is the single source for ``tools/build_lexicon_ja.py`` (which writes
``grammar/ja_lexicon.lark``) and for the front end at run time (word → category/lemma/features).
"""

from __future__ import annotations

# ----------------------------------------------------------------------------- categories
# N    noun (content word: types, zones, players, game nouns)
# KW   keyword ability name (also a noun: "飛行を持つ")
# DET  determiner / prenominal ("この", "各", "他の")
# ADV  adverb (may carry a trailing particle: "代わりに", "それぞれ")
# V    verb form that ends a predicate or modifies a noun (dictionary, past, negative, …)
# VC   continuative verb form (連用形, て形): "破壊し", "加えて"
# ADJ  i-adjective form ending a predicate or modifying a noun ("等しい")
# ADJC continuative adjective ("少なく", "等しく")
# SUB  subordinator after a predicate ("たび", "とき", "なら", "かぎり", "場合")

#: card types (JA → canonical)
CARD_TYPES = {
    "クリーチャー": "creature", "アーティファクト": "artifact", "エンチャント": "enchantment",
    "土地": "land", "インスタント": "instant", "ソーサリー": "sorcery",
    "プレインズウォーカー": "planeswalker", "部族": "tribal", "次元": "plane", "現象": "phenomenon",
    "策略": "conspiracy", "バトル": "battle",
}
SUPERTYPES = {"伝説": "legendary", "基本": "basic", "氷雪": "snow", "ワールド": "world"}
COLORS = {"白": "W", "青": "U", "黒": "B", "赤": "R", "緑": "G", "無色": "colorless",
          "多色": "multicolored", "単色": "monocolored"}
#: head nouns that are not card types but name objects / players
OBJECT_NOUNS = {
    "パーマネント": "permanent", "呪文": "spell", "カード": "card", "トークン": "token",
    "能力": "ability", "起動型能力": "activated_ability", "誘発型能力": "triggered_ability",
    "常在型能力": "static_ability", "マナ能力": "mana_ability", "忠誠度能力": "loyalty_ability",
    "オブジェクト": "object", "紋章": "emblem", "コピー": "copy", "プレイヤー": "player",
    "あなた": "you", "対戦相手": "opponent", "オーナー": "owner", "コントローラー": "controller",
    "チーム": "team", "攻撃クリーチャー": "attacking_creature", "ブロック・クリーチャー": "blocking_creature",
    "クリーチャー・トークン": "creature_token", "モード": "mode", "統率者": "commander",
    "アーティファクト・クリーチャー": "artifact_creature", "マナ": "mana",
}
ZONES = {"戦場": "battlefield", "墓地": "graveyard", "手札": "hand", "ライブラリー": "library",
         "追放領域": "exile", "スタック": "stack", "場": "battlefield", "ゲーム": "game",
         "統率領域": "command", "領域": "zone", "ゲーム外": "outside"}

#: other nouns (content words); the value is a gloss the builder may read
NOUNS = """
ターン フェイズ ステップ アップキープ ドロー・ステップ 終了ステップ 戦闘 戦闘フェイズ メイン・フェイズ
戦闘前メイン・フェイズ 戦闘後メイン・フェイズ 第1メイン・フェイズ 第2メイン・フェイズ アンタップ・ステップ
戦闘ダメージ・ステップ ブロック・クリーチャー指定ステップ 攻撃クリーチャー指定ステップ 戦闘終了ステップ
クリンナップ・ステップ 開始時 終了時 開始 終了 最初 最後 間 後 前 次 時 ターン終了時 戦闘終了時
ダメージ 戦闘ダメージ ライフ 総量 マナ・コスト 点数で見たマナ・コスト マナ総量 カウンター 毒カウンター
忠誠カウンター 氷河カウンター 時間カウンター 蓄積カウンター カウンター 点 数 総数 倍 半分 値 数値
パワー タフネス 色 タイプ カード・タイプ クリーチャー・タイプ 土地・タイプ サブタイプ 特殊タイプ 名前 カード名 忠誠度
修整 コスト 追加コスト 代替コスト 文章 特性 ルール・テキスト 対象 格闘 占術 再生 攻撃 ブロック 攻撃者 防御プレイヤー
タップ状態 アンタップ状態 状態 裏向き 表向き 一番上 一番下 上 下 順番 好きな順番 無作為 以上 以下 未満 枚数
最大 最小 残り 残り 方 他 ほか 全員 全部 それ それら これ これら 自身 自分 自体 そのもの 元 それ以外 こと もの
ため 際 うち 中 外 内 代わり 分 以外 回目
能力 キーワード能力 効果 置換効果 軽減 エネルギー {E} 経験 経験カウンター 印 選択 選択肢 モード 奇数 偶数
戦場 同数 同じ数 等しい数 最多 最も 一つ 一 二 三 四 五 六 七 八 九 十 手番 組み合わせ 合計値 値
ゾンビ・トークン 宝物 手掛かり 食物 血 地図 宝物・トークン 手掛かり・トークン 食物・トークン
マナ・シンボル シンボル 不特定マナ 色マナ 無色マナ 基本土地 基本土地・カード 土地・カード
プレイ 唱えること 呪文や能力 起動 誘発 解決 支払い 支払う代わり 使嗾 変身 初手 ゲームの開始時
アーティファクトやクリーチャー 都市の承認 昇殿 統治者 モノリス 単独 最初の1回 1回目 先 番 各人 各々
コスト以外 同盟者 無限 通常 不足 可能 自身 ライフ総量 最大値 直前
マナ・プール コントロール下 点数 発生源 前者 後者 目的 修正 好きな色 手順 中から その中 種類 以下 方法
ダメージ・ステップ 戦闘後 戦闘前 呪文や能力 能力や呪文 ライブラリーの一番上 カード名 文字 単語 対戦相手全員
組 両方 共通 怪物的 その前者 その後者 Lvカウンター
同様 端数 コイン投げ コイン 個数 回数 束 上限 以降 信心 デッキ
"""

#: adverbs that are subordinators after a verb: "墓地に置く代わりに" (instead of putting it …)
POSTVERBAL_SUBORDINATORS = {"代わりに"}

#: adverbs that are nouns after the genitive の: "合計4種類以上" (in total) but "パワーの合計" (the total)
GENITIVE_NOUNS = {"合計"}

#: determiners and prenominal words ("the", "each", "other", …)
DETERMINERS = {
    "この": "this", "その": "that", "これらの": "these", "それらの": "those", "各": "each",
    "すべての": "all", "他の": "other", "他": "other", "別の": "another", "いずれかの": "any",
    "任意の": "any", "同じ": "same", "新たな": "new", "追加の": "additional", "好きな": "any",
    "望む": "any", "どの": "which", "あらゆる": "all", "1つの": "one", "単一の": "single",
    "異なる": "different", "どちらかの": "either", "両方の": "both", "次の": "next", "最初の": "first",
    "現在の": "current", "元の": "original", "それ自身の": "its_own", "それぞれの": "each",
    "非": "non", "歴史的な": "historic", "多くの": "more", "より多くの": "more", "一方の": "one",
    "このターンの": "this_turn",
}

#: adverbs (a trailing に/で/、 belongs to them when printed so)
ADVERBS = {
    "それぞれ": "each", "代わりに": "instead", "追加で": "additionally", "再び": "again",
    "可能なら": "if_able", "無作為に": "at_random", "好きな順番で": "any_order", "裏向きに": "face_down",
    "表向きに": "face_up", "単独で": "alone", "まず": "first", "さらに": "further", "同時に": "simultaneously",
    "新たに": "newly", "そうしたなら": "if_you_do", "そうした場合": "if_you_do", "そうしないなら": "if_you_dont",
    "そうしなかったなら": "if_you_didnt", "そうしたとき": "when_you_do", "そうするたび": "whenever_you_do",
    "これにより": "this_way", "この方法で": "this_way", "この能力により": "this_way", "ただし": "however",
    "少なくとも": "at_least", "最大": "up_to", "最大で": "up_to", "まで": "until", "合計": "total",
    "そうでない場合": "otherwise", "そうでないかぎり": "otherwise", "そうしない場合": "if_you_dont",
    "そうしなかった場合": "if_you_didnt", "そうできない場合": "if_you_cant", "そうできないなら": "if_you_cant",
    "同様に": "likewise", "もう一度": "again", "いつでも": "any_time", "すぐに": "immediately",
    "ちょうど": "exactly", "1回のみ": "only_once", "毎ターン": "each_turn", "その後": "then",
    "それ以外の場合": "otherwise", "そうでないなら": "otherwise", "そうでなければ": "otherwise",
    "このターン": "this_turn", "好きなように": "as_you_choose", "よりも": "than",
    "いずれか": "either", "一方": "one", "のみ": "only", "だけ": "only", "すべて": "all",
    "望むように": "as_you_choose", "あなたの望むように": "as_you_choose", "可能ならば": "if_able",
    "ランダムに": "at_random", "無作為": "random", "全て": "all", "少なく": "less", "多く": "more",
}

#: subordinators after a predicate (or a noun for なら)
SUBORDINATORS = {
    "たび": "whenever", "とき": "when", "なら": "if", "ならば": "if", "かぎり": "as_long_as",
    "限り": "as_long_as", "場合": "if", "ため": "because", "間": "while", "たびに": "whenever",
    "前に": "before", "後に": "after", "まで": "until", "ことで": "by", "ので": "since",
    "ても": "even_if", "に際し": "as_enters", "に際して": "as_enters", "際に": "as_enters", "のではなく": "instead_of", "ことなく": "without", "ことに": "to", "のであれば": "if", "時": "when", "につき": "for_each",
    "の場合": "if", "ときならいつでも": "any_time", "前にのみ": "only_before",
    "かのように": "as_though", "かのようには": "as_though", "ときにのみ": "only_when", "時にのみ": "only_when", "場合にのみ": "only_if", "ときのみ": "only_when",
}

# ---------------------------------------------------------------------------------- verbs
# class: s = サ変 (stem + する), 1 = 一段, k g s5 t r u m b n = 五段 by ending, kuru
#: suru-verbs (VN + する); lemma = canonical English verb
SURU = {
    "破壊": "destroy", "追放": "exile", "生成": "create", "公開": "reveal", "タップ": "tap",
    "アンタップ": "untap", "死亡": "die", "攻撃": "attack", "ブロック": "block", "コピー": "copy",
    "変身": "transform", "再生": "regenerate", "軽減": "prevent", "スキップ": "skip", "起動": "activate",
    "誘発": "trigger", "解決": "resolve", "プレイ": "play", "コントロール": "control", "ドロー": "draw",
    "使嗾": "goad", "獲得": "gain", "選択": "choose", "指定": "choose", "宣言": "declare",
    "追加": "add", "除外": "remove", "移動": "move", "配置": "put", "適用": "apply", "エンチャント": "enchant",
    "装備": "equip", "城砦化": "fortify", "変容": "mutate", "増殖": "proliferate", "探検": "explore",
    "調査": "investigate", "賛美": "exalt", "喊声": "battle_cry", "濫用": "exploit", "強化": "bolster",
    "支援": "support", "順応": "adapt", "督戦": "amass", "謀議": "connive", "占術": "scry", "諜報": "surveil",
    "結魂": "pair", "対": "against", "督励": "exert", "使用": "spend", "接死": "deathtouch", "回避": "evade", "防御": "defend", "対戦": "play_against",
    "サイクリング": "cycle", "キッカー": "kick", "マリガン": "mulligan", "シャッフル": "shuffle",
    "発生": "happen", "存在": "exist", "所有": "own", "指名": "name", "参照": "refer", "消費": "spend",
    "開始": "begin", "終了": "end", "反転": "flip", "合体": "meld", "搭乗": "crew", "昇殿": "ascend",
    "転換": "convert", "予顕": "foretell", "蓄積": "store", "計上": "count", "相殺": "cancel",
    "戦闘": "fight", "格闘": "fight", "召集": "convoke", "変化": "change", "決定": "determine",
    "成長": "grow", "激突": "clash", "投票": "vote", "記録": "record", "無視": "ignore", "増加": "increase",
    "減少": "decrease", "確認": "check", "代用": "substitute", "支配": "rule", "脱出": "escape",
    "蘇生": "unearth", "変異": "morph", "予見": "forecast", "憑依": "haunt", "充填": "charge",
    "ブロック指定": "declare_blocker", "攻撃指定": "declare_attacker", "戦場に出すこと": "put",
    "切削": "mill", "ライブラリーアウト": "deck", "イニシアチブ": "initiative", "交換": "exchange",
    "分割": "divide", "割り振": "assign", "再配置": "reassign", "選出": "choose", "登場": "appear",
    "許可": "allow", "勝利": "win", "敗北": "lose", "保持": "keep", "入手": "gain", "到達": "reach",
    "置換": "replace", "実行": "perform", "有効": "enable", "達成": "achieve", "突撃": "charge",
    "参加": "join", "怪物化": "monstrosity", "探索": "explore", "ドラフト": "draft", "再選択": "rechoose",
    "着地": "land", "生贄": "sacrifice", "反射": "reflect", "復帰": "return", "統率": "command",
    "動員": "amass", "鼓舞": "bolster", "居住": "populate", "留置": "detain", "予示": "manifest",
    "変更": "change", "プレインズウォーク": "planeswalk",
    # two verbal nouns sharing one する: "攻撃かブロックするたび" (whenever it attacks or blocks)
    "攻撃かブロック": "attack_or_block", "攻撃またはブロック": "attack_or_block",
}
VERBS = [
    # (dictionary form, class, lemma)
    ("はずす", "s5", "unattach"), ("外す", "s5", "unattach"),
    ("得る", "1", "gain"), ("与える", "1", "deal"), ("受ける", "1", "receive"), ("加える", "1", "add"),
    ("捨てる", "1", "discard"), ("唱える", "1", "cast"), ("捧げる", "1", "sacrifice"),
    ("入れ替える", "1", "switch"), ("変える", "1", "change"), ("見る", "1", "look"), ("出る", "1", "enter"),
    ("できる", "1", "can"), ("いる", "1", "be"), ("られる", "1", "be_passive"), ("続ける", "1", "continue"),
    ("離れる", "1", "leave"), ("付ける", "1", "attach"), ("つける", "1", "attach"), ("分ける", "1", "separate"),
    ("決める", "1", "decide"), ("定める", "1", "define"), ("数える", "1", "count"), ("求める", "1", "require"),
    ("越える", "1", "exceed"), ("超える", "1", "exceed"), ("割り振る", "u5r", "assign"), ("留める", "1", "keep"),
    ("与え", "1x", "deal"), ("向ける", "1", "turn"), ("閉じる", "1", "close"), ("生け贄に捧げる", "1", "sacrifice"),
    ("当てる", "1", "assign"), ("切り上げる", "1", "round_up"), ("足す", "s5", "add"), ("負ける", "1", "lose_game"), ("飛ばす", "s5", "skip"), ("切り捨てる", "1", "round_down"), ("始める", "1", "begin"), ("止める", "1", "stop"), ("答える", "1", "answer"),
    ("並べる", "1", "arrange"), ("揃える", "1", "align"), ("重ねる", "1", "stack"), ("用いる", "1", "use"),
    ("過ぎる", "1", "pass"), ("しまう", "u", "end_up"), ("投げる", "1", "throw"), ("設ける", "1", "set"),
    ("混ぜる", "1", "mix"), ("切り直す", "s5", "shuffle"), ("戻す", "s5", "return"), ("出す", "s5", "put"),
    ("探す", "s5", "search"), ("示す", "s5", "show"), ("残す", "s5", "leave"), ("外す", "s5", "unattach"),
    ("取り除く", "k", "remove"), ("引く", "k", "draw"), ("置く", "k", "put"), ("除く", "k", "exclude"),
    ("続く", "k", "continue"), ("つく", "k", "attach"), ("付く", "k", "attach"), ("開く", "k", "open"),
    ("書く", "k", "write"), ("行く", "iku", "go"), ("向く", "k", "face"), ("傾く", "k", "tilt"),
    ("持つ", "t", "have"), ("勝つ", "t", "win"), ("待つ", "t", "wait"), ("打ち消す", "s5", "counter"),
    ("なる", "r", "become"), ("戻る", "r", "return"), ("移る", "r", "move"), ("残る", "r", "remain"),
    ("ある", "aru", "be"), ("行う", "u", "perform"), ("失う", "u", "lose"), ("支払う", "u", "pay"),
    ("払う", "u", "pay"), ("扱う", "u", "treat"), ("選ぶ", "b", "choose"), ("含む", "m", "include"),
    ("防ぐ", "g", "prevent"), ("死ぬ", "n", "die"), ("割り振る", "r", "assign"), ("上回る", "r", "exceed"),
    ("下回る", "r", "below"), ("送る", "r", "send"), ("入る", "r", "enter"), ("乗る", "r", "ride"),
    ("取る", "r", "take"), ("変わる", "r", "change"), ("終わる", "r", "end"), ("加わる", "r", "join"),
    ("知る", "r", "know"), ("切る", "r", "cut"), ("振る", "r", "roll"), ("去る", "r", "leave"),
    ("かかる", "r", "cost"), ("始まる", "r", "begin"), ("よる", "r", "by"), ("従う", "u", "follow"),
    ("使う", "u", "use"), ("向かう", "u", "head"), ("違う", "u", "differ"), ("言う", "u", "say"),
    ("いう", "u", "say"), ("合う", "u", "match"), ("分け合う", "u", "share"), ("見合う", "u", "match"),
    ("貼る", "r", "attach"), ("減る", "r", "decrease"), ("余る", "r", "remain"), ("回る", "r", "exceed"),
    ("繰り返す", "s5", "repeat"), ("指し示す", "s5", "name"), ("表す", "s5", "represent"),
    ("増やす", "s5", "increase"), ("減らす", "s5", "decrease"), ("倒す", "s5", "defeat"),
    ("返す", "s5", "return"), ("渡す", "s5", "give"), ("残す", "s5", "leave"), ("果たす", "s5", "fulfil"),
    ("満たす", "s5", "satisfy"), ("移す", "s5", "move"), ("起こす", "s5", "cause"), ("隠す", "s5", "hide"),
    ("裏返す", "s5", "turn_over"), ("めくる", "r", "reveal"), ("選び直す", "s5", "rechoose"),
    ("置き直す", "s5", "reattach"), ("つけ直す", "s5", "reattach"), ("割り当てる", "1", "assign"),
    ("振り分ける", "1", "divide"), ("もたらす", "s5", "bring"), ("及ぼす", "s5", "affect"),
    ("生き残る", "r", "survive"), ("待機させる", "1", "suspend"), ("生み出す", "s5", "create"),
    ("作る", "r", "make"), ("出会う", "u", "meet"), ("選び出す", "s5", "choose"), ("吸収する", "suru_x", "absorb"),
    ("読む", "m", "read"), ("休む", "m", "rest"), ("進む", "m", "proceed"), ("住む", "m", "live"),
    ("呼ぶ", "b", "call"), ("並ぶ", "b", "line_up"), ("及ぶ", "b", "extend"), ("学ぶ", "b", "learn"),
    ("戦う", "u", "fight"), ("奪う", "u", "steal"), ("襲う", "u", "attack"), ("占う", "u", "scry"),
    ("叶う", "u", "grant"), ("願う", "u", "wish"), ("拾う", "u", "pick"), ("争う", "u", "contest"),
    ("当たる", "r", "equal"), ("あたる", "r", "equal"), ("満ちる", "1", "fill"), ("落ちる", "1", "fall"),
    ("生きる", "1", "live"), ("尽きる", "1", "run_out"), ("起きる", "1", "happen"), ("浴びる", "1", "bathe"),
    ("感じる", "1", "feel"), ("信じる", "1", "believe"), ("応じる", "1", "respond"), ("生じる", "1", "arise"),
    ("命じる", "1", "order"), ("通じる", "1", "through"), ("投じる", "1", "cast"),
    ("つけられる", "1", "attached"), ("付けられる", "1", "attached"), ("いない", "none", "be_not"),
    ("する", "suru", "do"), ("対象とする", "suru_x", "target"), ("とする", "suru_x", "treat"),
    ("無視する", "suru_x", "ignore"), ("上にする", "suru_x", "face"),
]

#: i-adjectives (dictionary form → lemma)
ADJECTIVES = {"等しい": "equal", "多い": "more", "少ない": "fewer", "大きい": "greater",
              "小さい": "less", "高い": "higher", "低い": "lower", "ない": "not", "よい": "may",
              "良い": "good", "正しい": "correct", "近い": "close", "遠い": "far", "強い": "strong",
              "弱い": "weak", "新しい": "new", "古い": "old", "長い": "long", "短い": "short",
              "難しい": "hard", "無い": "not",
              # superlatives: "パワーが最も大きいクリーチャー" (the creature with the greatest power)
              "最も大きい": "greatest", "最も小さい": "least", "最も多い": "most", "最も少ない": "fewest",
              "最も高い": "highest", "最も低い": "lowest"}


def _godan(stem: str, row: str) -> dict:
    """五段: the a/i/u/e/o columns and te/ta forms."""
    table = {
        "k": ("か", "き", "く", "け", "いて", "いた"),
        "g": ("が", "ぎ", "ぐ", "げ", "いで", "いだ"),
        "s5": ("さ", "し", "す", "せ", "して", "した"),
        "t": ("た", "ち", "つ", "て", "って", "った"),
        "r": ("ら", "り", "る", "れ", "って", "った"),
        "u5r": ("ら", "り", "る", "れ", "って", "った"),
        "u": ("わ", "い", "う", "え", "って", "った"),
        "m": ("ま", "み", "む", "め", "んで", "んだ"),
        "b": ("ば", "び", "ぶ", "べ", "んで", "んだ"),
        "n": ("な", "に", "ぬ", "ね", "んで", "んだ"),
        "iku": ("か", "き", "く", "け", "って", "った"),
        "aru": ("ら", "り", "る", "れ", "って", "った"),
    }[row]
    a, i, u, e, te, ta = table
    return {"a": stem + a, "i": stem + i, "u": stem + u, "e": stem + e, "te": stem + te, "ta": stem + ta}


def _ichidan(stem: str) -> dict:
    return {"a": stem, "i": stem, "u": stem + "る", "e": stem + "れ", "te": stem + "て", "ta": stem + "た"}


def _suru(stem: str) -> dict:
    return {"a": stem + "さ", "i": stem + "し", "u": stem + "する", "e": stem + "すれ", "te": stem + "して",
            "ta": stem + "した", "neg": stem + "し", "zu": stem + "せ"}


def _endings(base: dict, feats: tuple, out: dict, depth: int, kind: str) -> None:
    """Add the inflected forms of one verb base (and of its passive/potential/progressive/
    causative derivatives, one level deep) to ``out``: surface → (category, features)."""

    def put(surface, cat, extra=()):
        f = feats + tuple(extra)
        if surface not in out or len(out[surface][1]) > len(f):
            out[surface] = (cat, f)

    neg = base.get("neg", base["a"])
    zu = base.get("zu", base["a"])
    put(base["u"], "V")
    put(base["ta"], "V", ("past",))
    put(base["i"], "VC")
    put(base["te"], "VC", ("te",))
    put(base["te"] + "も", "VC", ("even",))
    put(base["te"] + "もよい", "V", ("may",))
    put(base["te"] + "もかまわない", "V", ("may",))
    put(base["te"] + "は", "VC", ("te", "topic"))
    put(base["ta"] + "ら", "VC", ("cond",))
    put(base["ta"] + "り", "VC", ("tari",))
    put(base["e"] + "ば", "VC", ("cond",))
    put(neg + "ない", "V", ("neg",))
    put(neg + "なかった", "V", ("neg", "past"))
    put(neg + "なく", "VC", ("neg",))
    put(neg + "なくて", "VC", ("neg", "te"))
    put(neg + "ないで", "VC", ("neg", "te"))
    put(neg + "なければ", "VC", ("neg", "cond"))
    put(neg + "なければならない", "V", ("must",))
    put(zu + "ず", "VC", ("neg",))
    put(zu + "ずに", "VC", ("neg",))
    if depth == 1 and "prog" not in feats and "prep" not in feats:
        te = base["te"]
        for suf, cat, extra in (("いる", "V", ("prog",)), ("いた", "V", ("prog", "past")),
                                ("いない", "V", ("prog", "neg")), ("いなかった", "V", ("prog", "neg", "past")),
                                ("い", "VC", ("prog",)), ("いて", "VC", ("prog", "te")),
                                ("いなければ", "VC", ("prog", "neg", "cond"))):
            put(te + suf, cat, extra)
    if depth == 0:
        # progressive / resultative (…ている, …ていた, …ていない)
        te = base["te"]
        _endings(_ichidan(te + "い"), feats + ("prog",), out, 1, "1")
        _endings({"a": te + "お" + "か", "i": te + "おき", "u": te + "おく", "e": te + "おけ", "te": te + "おいて",
                  "ta": te + "おいた"}, feats + ("prep",), out, 1, "k")
        if kind == "suru":
            stem = base["u"][:-2]
            _endings(_ichidan(stem + "され"), feats + ("passive",), out, 1, "1")
            _endings(_ichidan(stem + "でき"), feats + ("can",), out, 1, "1")
            _endings(_ichidan(stem + "させ"), feats + ("causative",), out, 1, "1")
            _endings(_ichidan(stem + "させられ"), feats + ("causative", "passive"), out, 1, "1")
        elif kind == "1":
            stem = base["a"]
            _endings(_ichidan(stem + "られ"), feats + ("passive",), out, 1, "1")
            _endings(_ichidan(stem + "させ"), feats + ("causative",), out, 1, "1")
        elif kind not in ("none",):
            _endings(_ichidan(base["a"] + "れ"), feats + ("passive",), out, 1, "1")
            _endings(_ichidan(base["e"]), feats + ("can",), out, 1, "1")
            _endings(_ichidan(base["a"] + "せ"), feats + ("causative",), out, 1, "1")


def conjugate() -> dict[str, tuple[str, str, tuple]]:
    """surface form → (category V|VC, lemma, features)."""
    out: dict[str, tuple[str, str, tuple]] = {}

    def add(forms: dict, lemma: str):
        for s, (cat, feats) in forms.items():
            if s not in out or len(out[s][2]) > len(feats):
                out[s] = (cat, lemma, feats)

    for stem, lemma in SURU.items():
        forms: dict = {}
        _endings(_suru(stem), (), forms, 0, "suru")
        add(forms, lemma)
    for dic, cls, lemma in VERBS:
        forms = {}
        if cls in ("1", "1x"):
            stem = dic[:-1] if dic.endswith("る") else dic
            _endings(_ichidan(stem), (), forms, 0, "1")
        elif cls in ("suru", "suru_x"):
            _endings(_suru(dic[:-2]), (), forms, 0, "suru")
        elif cls == "none":
            forms = {dic: ("V", ("neg",))}
        else:
            _endings(_godan(dic[:-1], cls), (), forms, 0, cls)
            if cls == "aru":
                forms.pop("あらない", None)
                forms.update({"ない": ("V", ("neg",)), "なかった": ("V", ("neg", "past")),
                              "なく": ("VC", ("neg",))})
        add(forms, lemma)
    # adjectives: dictionary, く, くない, かった, くなる (become …er)
    for dic, lemma in ADJECTIVES.items():
        stem = dic[:-1]
        for s, cat, feats in ((dic, "ADJ", ()), (stem + "く", "ADJC", ()), (stem + "くない", "ADJ", ("neg",)),
                              (stem + "かった", "ADJ", ("past",)), (stem + "くなる", "V", ("become",)),
                              (stem + "くなり", "VC", ("become",)), (stem + "くなった", "V", ("become", "past")),
                              (stem + "ければ", "VC", ("cond",)), (stem + "くて", "VC", ("te",))):
            if s not in out:
                out[s] = (cat, lemma, feats)
    return out


def all_nouns() -> dict[str, str]:
    words = {}
    for table in (CARD_TYPES, SUPERTYPES, COLORS, OBJECT_NOUNS, ZONES):
        words.update(table)
    for w in NOUNS.split():
        words.setdefault(w, w)
    for w in SURU:  # the verbal noun alone: "増殖を行う", "破壊" in "破壊されない" is a verb form
        words.setdefault(w, w)
    return words
