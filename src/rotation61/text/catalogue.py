"""Message catalogues: every sentence rotation61 shows to people, in Vietnamese and English.

Two mappings of templates keyed by message id, :data:`VI` and :data:`EN`, define exactly
the same ids with the same ``{placeholders}`` (a test checks it). The Vietnamese wording
uses the rulebook's own terms (``bi cái``, ``bi mục tiêu chính``, ``lằn ngang đầu bàn``,
``điểm cuối bàn``, ``lằn dọc``, ``phạm lỗi``); the English wording uses the glossary of
the translation (cue ball, ball in play, head string, foot spot, long string, foul).

Ids are grouped by prefix: ``foul.`` (one per :class:`~rotation61.rules.FoulKind`, with a
``.bare`` variant when the ball is unknown), ``option.`` (label and ``.help``), ``result.``,
``event.``, ``ruling.``, ``spot.``, ``choice.``, ``state.`` and ``score.`` (the terminal
scorekeeper).

>>> message("state.to_shoot", Language.EN, player="Ann")
'Ann to shoot.'
>>> message("state.to_shoot", Language.VI, player="An")
'Đến lượt An.'
"""

from __future__ import annotations

import string
from collections.abc import Mapping
from enum import StrEnum
from types import MappingProxyType
from typing import Final

__all__ = ["CATALOGUES", "EN", "VI", "Language", "has_message", "message", "placeholders"]


class Language(StrEnum):
    """A language rotation61 speaks; the value is the ISO 639-1 code."""

    VI = "vi"
    """Vietnamese, the language of the rulebook."""
    EN = "en"
    """English, in the wording of the rulebook's translation."""


_VI_HELP: Final = """\
Cú đánh: một dòng, các mục cách nhau bởi dấu cách. Dòng trống = đánh trượt
(bi cái chạm bi mục tiêu chính đầu tiên, có bi chạm băng sau đó, không bi nào vào lỗ).
  3 9      bi 3 và bi 9 vào lỗ
  h7       bi cái chạm bi 7 đầu tiên (mặc định: bi mục tiêu chính)
  0        bi cái không chạm bi nào
  n        sau khi chạm bi, không có bi nào chạm băng
  x        bi cái vào lỗ                 o0   bi cái rơi khỏi bàn
  o12      bi 12 rơi khỏi bàn
  m7       bi 7 làm cản trở bị di chuyển (do tay, cơ, cầu nối)
  lk       bi mục tiêu chính dừng sau lằn ngang đầu bàn ("Kitchen")
  g:TÊN    lỗi theo luật chung do trọng tài bắt, ví dụ g:double_hit
Chỉ trong cú khai cuộc:
  r4       4 bi mục tiêu khác (ngoài bi số 1) chạm băng (mặc định: đủ số bi)
Chỉ khi có bi cái trong tay sau lằn ngang đầu bàn:
  kr       bi cái chạm băng trước khi vượt qua lằn ngang đầu bàn
  kk       bi cái chạm bi nằm sau lằn ngang đầu bàn rồi vượt qua lằn ngang
  kn       bi cái chạm bi nằm sau lằn ngang đầu bàn và không vượt qua lằn ngang
  kz       bi cái không vượt qua lằn ngang đầu bàn và không chạm bi nào
Sau khi đối thủ phạm lỗi: số thứ tự của lựa chọn, hoặc
  a giữ nguyên bàn   c bi cái trong tay   s đặt bi mục tiêu chính   r xếp lại, đánh lại
Trọng tài: concede [A|B] xin thua ván   concede-match [A|B] xin thua trận
           dq A|B truất quyền thi đấu   stalemate bế tắc, đánh lại ván
u hoàn tác lần nhập trước   ? hướng dẫn   q thoát"""

_EN_HELP: Final = """\
Shot: one line, items separated by spaces. Empty line = miss
(the cue ball hit the ball in play first, a ball reached a cushion, nothing pocketed).
  3 9      the 3 and the 9 pocketed
  h7       the cue ball hit the 7 first (default: the ball in play)
  0        the cue ball hit nothing
  n        no ball reached a cushion after the contact
  x        scratch: the cue ball pocketed   o0   the cue ball left the table
  o12      the 12 left the table
  m7       the obstructing 7 was moved (by hand, cue or bridge)
  lk       the ball in play came to rest behind the head string (kitchen)
  g:NAME   general-rules foul called by the referee, e.g. g:double_hit
Break shot only:
  r4       4 other object balls (not the 1) reached a cushion (default: enough)
Cue ball in hand behind the head string only:
  kr       the cue ball touched a cushion before crossing the head string
  kk       the cue ball hit a ball behind the head string, then crossed
  kn       the cue ball hit a ball behind the head string and never crossed
  kz       the cue ball never crossed the head string and hit nothing
After the opponent's foul: the option number, or
  a accept the table   c cue ball in hand   s spot the ball in play   r restore and replay
Officials: concede [A|B] concede the rack   concede-match [A|B] concede the match
           dq A|B disqualification   stalemate stalemate, replay the rack
u undo the last input   ? help   q quit"""

VI: Final[Mapping[str, str]] = MappingProxyType(
    {
        # Fouls (one per FoulKind; ".bare" when the ball is unknown).
        "foul.heading": "Phạm lỗi ({section}): {detail}",
        "foul.section.general_rules": "luật chung",
        "foul.kitchen_rail_before_crossing": (
            "bi cái trong tay sau lằn ngang đầu bàn chạm băng trước khi vượt qua lằn ngang"
        ),
        "foul.kitchen_ball_behind_line_cue_crossed": (
            "bi cái chạm bi {ball} nằm sau lằn ngang đầu bàn rồi mới vượt qua lằn ngang"
        ),
        "foul.kitchen_ball_behind_line_cue_crossed.bare": (
            "bi cái chạm một bi nằm sau lằn ngang đầu bàn rồi mới vượt qua lằn ngang"
        ),
        "foul.kitchen_ball_behind_line_cue_not_crossed": (
            "bi cái chạm bi {ball} nằm sau lằn ngang đầu bàn và không vượt qua lằn ngang"
        ),
        "foul.kitchen_ball_behind_line_cue_not_crossed.bare": (
            "bi cái chạm một bi nằm sau lằn ngang đầu bàn và không vượt qua lằn ngang"
        ),
        "foul.no_contact": "bi cái không chạm bi mục tiêu nào; bi mục tiêu chính là bi {lowest}",
        "foul.no_contact.bare": "bi cái không chạm bi mục tiêu nào",
        "foul.wrong_first_contact": (
            "bi cái chạm bi {ball} đầu tiên; bi mục tiêu chính là bi {lowest}"
        ),
        "foul.wrong_first_contact.bare": (
            "bi mục tiêu đầu tiên mà bi cái tiếp xúc không phải là bi mục tiêu chính"
        ),
        "foul.no_rail_after_contact": (
            "sau khi bi cái chạm bi mục tiêu, không có bi nào vào lỗ và không có bi nào chạm băng"
        ),
        "foul.break_requirement_not_met": (
            "cú khai cuộc không đưa được bi nào vào lỗ và không đủ bi mục tiêu khác chạm băng"
        ),
        "foul.scratch": "bi cái vào lỗ",
        "foul.cue_ball_off_table": "bi cái rơi khỏi bàn",
        "foul.object_ball_off_table": "bi {ball} rơi khỏi bàn",
        "foul.object_ball_off_table.bare": "bi mục tiêu rơi khỏi bàn",
        "foul.obstacle_moved_jump_masse": (
            "bi {ball} làm cản trở bị di chuyển khi đánh bi cái nhảy hay đi vòng"
        ),
        "foul.obstacle_moved_jump_masse.bare": (
            "bi làm cản trở bị di chuyển khi đánh bi cái nhảy hay đi vòng"
        ),
        "foul.touched_ball_general_rule": "bi {ball} bị chạm (do tay, cơ, cầu nối)",
        "foul.touched_ball_general_rule.bare": "một bi bị chạm (do tay, cơ, cầu nối)",
        "foul.general_rules_foul": "trọng tài bắt lỗi {label}",
        "foul.general_rules_foul.bare": "trọng tài bắt lỗi theo luật chung",
        "label.double_hit": "đánh hai lần",
        "label.push_shot": "đẩy cơ",
        "label.no_foot_on_floor": "không có chân chạm sàn",
        "label.touched_cue_ball": "chạm bi cái",
        # Options of the incoming player.
        "option.accept_table": "giữ nguyên bàn",
        "option.accept_table.help": (
            "Tiếp tục đánh với vị trí các bi do đấu thủ trước để lại, bi cái giữ nguyên vị trí "
            "(§I, §VIII, §XII)."
        ),
        "option.cue_in_hand_kitchen": "bi cái trong tay",
        "option.cue_in_hand_kitchen.help": (
            "Bắt đầu đánh với bi cái trong tay sau lằn ngang đầu bàn, bi mục tiêu ở vị trí cũ "
            "(§VIII, §X, §XII)."
        ),
        "option.spot_lowest_and_cue_in_hand_kitchen": "đặt bi mục tiêu chính",
        "option.spot_lowest_and_cue_in_hand_kitchen.help": (
            "Dời bi mục tiêu chính về điểm cuối bàn (đặt theo §IX) và bắt đầu đánh với bi cái "
            "trong tay sau lằn ngang đầu bàn (§I, §IX, §X)."
        ),
        "option.restore_and_offender_replays": "xếp lại, đánh lại",
        "option.restore_and_offender_replays.help": (
            "Xếp lại các bi về vị trí cũ và yêu cầu đấu thủ phạm lỗi đánh lại với bi cái "
            "trong tay sau lằn ngang đầu bàn (§XVI)."
        ),
        # How a rack ended.
        "result.reached_61": (
            "Hết ván (§II): {winner} đạt {target} điểm (hoặc hơn nữa) và thắng ván."
        ),
        "result.reached_61.bonus": (
            "Hết ván: 60–60, {winner} đánh bi mục tiêu cuối cùng và được thêm 1 điểm "
            "(luật BCA); {winner} thắng ván."
        ),
        "result.tie_60_60_replay": (
            "Hết ván (§II): 60–60, ván đấu được xem như là hoà và sẽ đánh lại; {breaker}, "
            "đấu thủ đánh bi mục tiêu cuối cùng để gỡ hoà, khai cuộc ở ván đánh lại."
        ),
        "result.loss_by_consecutive_fouls": (
            "Hết ván (§XV): {offender} phạm {limit} lỗi liên tục và bị xử thua ván; "
            "{winner} thắng ván."
        ),
        "result.concession": "Hết ván: {loser} xin thua ván; {winner} thắng ván.",
        "result.match_concession": "{loser} xin thua trận; {winner} thắng trận đấu.",
        "result.disqualification": (
            "{offender} bị truất quyền thi đấu (§V, §XVII); {winner} thắng trận đấu."
        ),
        "result.disqualification.rack_only": (
            "{offender} bị truất quyền thi đấu ở ván này (§V, §XVII); {winner} thắng ván."
        ),
        "result.stalemate_replay": (
            "Hết ván: trọng tài tuyên bố bế tắc, ván đấu sẽ đánh lại; {breaker} khai cuộc lại."
        ),
        # Official events.
        "event.disqualification": "Truất quyền thi đấu (§V, §XVII)",
        "event.concede_rack": "Xin thua ván",
        "event.concede_match": "Xin thua trận",
        "event.stalemate_declared": "Tuyên bố bế tắc",
        "event.line": "{event}: {player}.",
        "event.line.bare": "{event}.",
        # Rulings.
        "ruling.legal_pocketed": "Cú đánh hợp lệ: {player} đưa bi {balls} vào lỗ (+{points} điểm).",
        "ruling.legal_miss": "Cú đánh hợp lệ, không có bi vào lỗ: {player} đánh trượt.",
        "ruling.break_pocketed": (
            "Khai cuộc hợp lệ: {player} đưa bi {balls} vào lỗ (+{points} điểm)."
        ),
        "ruling.break_miss": "Khai cuộc hợp lệ, không có bi vào lỗ.",
        "ruling.foul_loses_inning": (
            "{player} mất lượt cơ; bi vào lỗ trong cú đánh phạm lỗi không được tính điểm (§VIII)."
        ),
        "ruling.rerack": (
            "Bi mục tiêu rơi khỏi bàn trong cú khai cuộc: xếp lại tất cả 15 bi mục tiêu (§IV)."
        ),
        "ruling.next_break_rerack": (
            "{player} khai cuộc lại với bi cái trong tay sau lằn ngang đầu bàn (§IV)."
        ),
        "ruling.next_break_uncrossed": (
            "Bi cái chưa vượt qua lằn ngang đầu bàn: ván đấu chưa bắt đầu (§XVII); {player} "
            "khai cuộc với bi cái trong tay sau lằn ngang đầu bàn."
        ),
        "ruling.foul_not_counted": "Lỗi này không tính vào số lỗi liên tục (§XV).",
        "ruling.consecutive": "{player}: {count}/{limit} lỗi liên tục (§XV).",
        "ruling.warning": (
            "Cảnh báo (§XV): {player} đã phạm {count} lỗi liên tục; thêm một lỗi nữa sẽ bị "
            "xử thua ván."
        ),
        "ruling.unsportsmanlike_review": (
            "Trọng tài xem xét (§XVI): {player} lại làm bi cái chạm bi sau lằn ngang đầu bàn "
            "mà không vượt qua lằn ngang; nếu cố tình, đó là phản tinh thần thể thao."
        ),
        "ruling.chooser": "{player} chọn: {options}.",
        "ruling.continues": "{player} tiếp tục đánh.",
        "ruling.next_shooter": "Đến lượt {player}.",
        # Spotting.
        "spot.lowest": (
            "Đặt bi {ball} (bi mục tiêu chính) tại điểm cuối bàn; nếu có bi làm cản trở, đặt "
            "tại điểm trên lằn dọc gần nhất với điểm cuối bàn, dính vào bi làm cản trở nhưng "
            "không dính vào bi cái (§IX)."
        ),
        "spot.others.from_foot_rail": (
            "Đặt lại bi {balls} trên lằn dọc cuối bàn theo thứ tự từ nhỏ tới lớn, từ băng "
            "ngang cuối bàn hướng về điểm cuối bàn (bi {first} sát băng ngang cuối bàn); nếu "
            "không đủ chỗ, đặt tiếp trên đường kéo dài của lằn dọc từ điểm cuối bàn về điểm "
            "giữa bàn (§XIII)."
        ),
        "spot.others.from_foot_spot": (
            "Đặt lại bi {balls} trên lằn dọc theo thứ tự từ nhỏ tới lớn, từ điểm cuối bàn "
            "hướng về băng ngang cuối bàn (bi {first} gần điểm cuối bàn nhất) (luật chung)."
        ),
        # Decisions taken.
        "choice.made": "{player} chọn: {label}.",
        "choice.restore": (
            "Xếp lại các bi về vị trí cũ; {player} đánh lại với bi cái trong tay sau lằn "
            "ngang đầu bàn (§XVI)."
        ),
        "choice.break": "{player} khai cuộc với bi cái trong tay sau lằn ngang đầu bàn.",
        # The scoreboard.
        "state.rack": (
            "Ván {number} (trận đấu chạm {race_to}) · số ván thắng: {a} {won_a} – {won_b} {b}"
        ),
        "state.score": "Điểm: {a} {score_a} – {score_b} {b} (cần {target} điểm)",
        "state.table": (
            "Bi mục tiêu chính: bi {lowest} · điểm còn trên bàn: {points} ({count} bi)"
        ),
        "state.table_empty": "Không còn bi mục tiêu nào trên bàn",
        "state.fouls": "Lỗi liên tục: {a} {fouls_a} – {fouls_b} {b}",
        "state.to_break": "{player} khai cuộc (bi cái trong tay sau lằn ngang đầu bàn).",
        "state.to_shoot": "Đến lượt {player}.",
        "state.to_shoot_in_hand": "Đến lượt {player}, bi cái trong tay sau lằn ngang đầu bàn.",
        "state.to_choose": "{player} chọn sau lỗi của đối thủ.",
        "state.match_over": (
            "Hết trận: {winner} thắng trận đấu (số ván thắng: {a} {won_a} – {won_b} {b})."
        ),
        # The terminal scorekeeper.
        "score.start": "Trận đấu: {a} – {b}, chạm {race_to}, luật “{rules}”.",
        "score.banner": "Bấm ? để xem hướng dẫn, u để hoàn tác, q để thoát.",
        "score.help": _VI_HELP,
        "score.prompt": "{player} > ",
        "score.prompt_choose": "{player} chọn > ",
        "score.options": "Lựa chọn của {player}:",
        "score.undone": "Đã hoàn tác: “{entry}”.",
        "score.winner": "{winner} thắng trận đấu!",
        "score.bye": "Kết thúc phiên ghi điểm.",
        "score.err.not_a_ball": "“{token}”: {value} không phải bi mục tiêu (1..15).",
        "score.err.not_on_table": "Bi {ball} không còn trên bàn (trên bàn: {on_table}).",
        "score.err.twice": "Bi {ball} được ghi hai lần.",
        "score.err.unknown": "Không hiểu “{token}”; bấm ? để xem hướng dẫn.",
        "score.err.conflict": "“{token}” mâu thuẫn với “{other}”.",
        "score.err.nothing_hit": (
            "“{token}”: bi cái không chạm bi nào thì không có bi nào vào lỗ hay rơi khỏi bàn."
        ),
        "score.err.decision_pending": (
            "Đang chờ {player} chọn, chưa được đánh (“{token}”); chọn: {choices}."
        ),
        "score.err.not_offered": (
            "Lựa chọn “{token}” ({label}) không được đưa ra; chọn: {choices}."
        ),
        "score.err.no_option_number": "Không có lựa chọn số {token}; chọn: {choices}.",
        "score.err.no_decision": "Không có lựa chọn nào đang chờ (“{token}”).",
        "score.err.not_in_hand": (
            "“{token}”: {player} không có bi cái trong tay sau lằn ngang đầu bàn."
        ),
        "score.err.break_only": "“{token}” chỉ dùng trong cú khai cuộc.",
        "score.err.rail_count": "“{token}”: số bi chạm băng phải từ 0 đến {most}.",
        "score.err.label": "“{token}”: tên lỗi phải viết thường, ví dụ g:double_hit.",
        "score.err.player": "Không biết cơ thủ “{token}”; dùng A, B, {a} hoặc {b}.",
        "score.err.player_needed": "“{token}” cần tên cơ thủ, ví dụ “{token} A”.",
        "score.err.nothing_to_undo": "Không có gì để hoàn tác.",
        "score.err.rejected": "Không hợp lệ: {detail}",
    }
)
"""Vietnamese templates, in the rulebook's own terms."""

EN: Final[Mapping[str, str]] = MappingProxyType(
    {
        # Fouls (one per FoulKind; ".bare" when the ball is unknown).
        "foul.heading": "Foul ({section}): {detail}",
        "foul.section.general_rules": "general rules",
        "foul.kitchen_rail_before_crossing": (
            "from behind the head string, the cue ball touched a cushion before crossing it"
        ),
        "foul.kitchen_ball_behind_line_cue_crossed": (
            "the cue ball hit the {ball} behind the head string, then crossed the head string"
        ),
        "foul.kitchen_ball_behind_line_cue_crossed.bare": (
            "the cue ball hit a ball behind the head string, then crossed the head string"
        ),
        "foul.kitchen_ball_behind_line_cue_not_crossed": (
            "the cue ball hit the {ball} behind the head string and never crossed it"
        ),
        "foul.kitchen_ball_behind_line_cue_not_crossed.bare": (
            "the cue ball hit a ball behind the head string and never crossed it"
        ),
        "foul.no_contact": "the cue ball hit no object ball; the ball in play was the {lowest}",
        "foul.no_contact.bare": "the cue ball hit no object ball",
        "foul.wrong_first_contact": (
            "the cue ball first hit the {ball}; the ball in play was the {lowest}"
        ),
        "foul.wrong_first_contact.bare": "the cue ball did not hit the ball in play first",
        "foul.no_rail_after_contact": (
            "after the contact no ball was pocketed and no ball reached a cushion"
        ),
        "foul.break_requirement_not_met": (
            "the break pocketed no ball and too few other object balls reached a cushion"
        ),
        "foul.scratch": "the cue ball was pocketed",
        "foul.cue_ball_off_table": "the cue ball left the table",
        "foul.object_ball_off_table": "the {ball} left the table",
        "foul.object_ball_off_table.bare": "an object ball left the table",
        "foul.obstacle_moved_jump_masse": (
            "the obstructing {ball} moved during a jump or curve shot"
        ),
        "foul.obstacle_moved_jump_masse.bare": (
            "an obstructing ball moved during a jump or curve shot"
        ),
        "foul.touched_ball_general_rule": "the {ball} was touched (by hand, cue or bridge)",
        "foul.touched_ball_general_rule.bare": "a ball was touched (by hand, cue or bridge)",
        "foul.general_rules_foul": "the referee called {label}",
        "foul.general_rules_foul.bare": "the referee called a general-rules foul",
        "label.double_hit": "a double hit",
        "label.push_shot": "a push shot",
        "label.no_foot_on_floor": "no foot on the floor",
        "label.touched_cue_ball": "a touched cue ball",
        # Options of the incoming player.
        "option.accept_table": "accept the table",
        "option.accept_table.help": (
            "Play on with the balls where the previous player left them, cue ball where it "
            "lies (§I, §VIII, §XII)."
        ),
        "option.cue_in_hand_kitchen": "cue ball in hand",
        "option.cue_in_hand_kitchen.help": (
            "Start with the cue ball in hand behind the head string, object balls where they "
            "lie (§VIII, §X, §XII)."
        ),
        "option.spot_lowest_and_cue_in_hand_kitchen": "spot the ball in play",
        "option.spot_lowest_and_cue_in_hand_kitchen.help": (
            "Move the ball in play to the foot spot (placed as in §IX) and start with the cue "
            "ball in hand behind the head string (§I, §IX, §X)."
        ),
        "option.restore_and_offender_replays": "restore and replay",
        "option.restore_and_offender_replays.help": (
            "Put the balls back where they were and make the offender shoot again with the "
            "cue ball in hand behind the head string (§XVI)."
        ),
        # How a rack ended.
        "result.reached_61": (
            "Rack over (§II): {winner} reaches {target} points (or more) and wins the rack."
        ),
        "result.reached_61.bonus": (
            "Rack over: 60–60, {winner} pocketed the last object ball and gets one bonus "
            "point (BCA rule); {winner} wins the rack."
        ),
        "result.tie_60_60_replay": (
            "Rack over (§II): 60–60, the rack is a draw and is replayed; {breaker}, who "
            "pocketed the last object ball to level, breaks the replay."
        ),
        "result.loss_by_consecutive_fouls": (
            "Rack over (§XV): {offender} fouled {limit} times in a row and loses the rack; "
            "{winner} wins the rack."
        ),
        "result.concession": "Rack over: {loser} concedes the rack; {winner} wins the rack.",
        "result.match_concession": "{loser} concedes the match; {winner} wins the match.",
        "result.disqualification": (
            "{offender} is disqualified (§V, §XVII); {winner} wins the match."
        ),
        "result.disqualification.rack_only": (
            "{offender} is disqualified for this rack (§V, §XVII); {winner} wins the rack."
        ),
        "result.stalemate_replay": (
            "Rack over: the referee declared a stalemate and the rack is replayed; "
            "{breaker} breaks again."
        ),
        # Official events.
        "event.disqualification": "Disqualification (§V, §XVII)",
        "event.concede_rack": "Rack conceded",
        "event.concede_match": "Match conceded",
        "event.stalemate_declared": "Stalemate declared",
        "event.line": "{event}: {player}.",
        "event.line.bare": "{event}.",
        # Rulings.
        "ruling.legal_pocketed": "Legal shot: {player} pockets {balls} (+{points} points).",
        "ruling.legal_miss": "Legal shot, nothing pocketed: {player} misses.",
        "ruling.break_pocketed": "Legal break: {player} pockets {balls} (+{points} points).",
        "ruling.break_miss": "Legal break, nothing pocketed.",
        "ruling.foul_loses_inning": (
            "{player} loses the inning; balls pocketed on a foul score nothing (§VIII)."
        ),
        "ruling.rerack": (
            "An object ball left the table on the break: all 15 object balls are re-racked (§IV)."
        ),
        "ruling.next_break_rerack": (
            "{player} breaks again with the cue ball in hand behind the head string (§IV)."
        ),
        "ruling.next_break_uncrossed": (
            "The cue ball never crossed the head string: the rack has not begun (§XVII); "
            "{player} breaks with the cue ball in hand behind the head string."
        ),
        "ruling.foul_not_counted": "This foul does not count toward consecutive fouls (§XV).",
        "ruling.consecutive": "{player}: {count} of {limit} consecutive fouls (§XV).",
        "ruling.warning": (
            "Warning (§XV): {player} has {count} consecutive fouls; one more foul loses the rack."
        ),
        "ruling.unsportsmanlike_review": (
            "Referee review (§XVI): {player} again made the cue ball hit a ball behind the head "
            "string without crossing it; if deliberate, this is unsportsmanlike conduct."
        ),
        "ruling.chooser": "{player} to choose: {options}.",
        "ruling.continues": "{player} shoots again.",
        "ruling.next_shooter": "{player} to shoot.",
        # Spotting.
        "spot.lowest": (
            "Spot the {ball} (the ball in play) on the foot spot; if a ball is in the way, at "
            "the free point of the long string nearest the foot spot, frozen to the "
            "obstructing ball but not to the cue ball (§IX)."
        ),
        "spot.others.from_foot_rail": (
            "Spot {balls} on the long string in ascending order from the foot rail toward "
            "the foot spot (the {first} against the foot rail); if there is no room, continue "
            "past the foot spot toward the centre spot (§XIII)."
        ),
        "spot.others.from_foot_spot": (
            "Spot {balls} on the long string in ascending order from the foot spot toward the "
            "foot rail (the {first} nearest the foot spot) (general rules)."
        ),
        # Decisions taken.
        "choice.made": "{player} chooses: {label}.",
        "choice.restore": (
            "The balls go back where they were; {player} shoots again with the cue ball in "
            "hand behind the head string (§XVI)."
        ),
        "choice.break": "{player} breaks with the cue ball in hand behind the head string.",
        # The scoreboard.
        "state.rack": "Rack {number} (race to {race_to}) · racks won: {a} {won_a} – {won_b} {b}",
        "state.score": "Score: {a} {score_a} – {score_b} {b} (target {target})",
        "state.table": (
            "Ball in play: {lowest} · points left on the table: {points} ({count} balls)"
        ),
        "state.table_empty": "No object ball left on the table",
        "state.fouls": "Consecutive fouls: {a} {fouls_a} – {fouls_b} {b}",
        "state.to_break": "{player} to break (cue ball in hand behind the head string).",
        "state.to_shoot": "{player} to shoot.",
        "state.to_shoot_in_hand": "{player} to shoot, cue ball in hand behind the head string.",
        "state.to_choose": "{player} to choose after the opponent's foul.",
        "state.match_over": (
            "Match over: {winner} wins the match (racks won: {a} {won_a} – {won_b} {b})."
        ),
        # The terminal scorekeeper.
        "score.start": "Match: {a} – {b}, race to {race_to}, rules “{rules}”.",
        "score.banner": "Type ? for help, u to undo, q to quit.",
        "score.help": _EN_HELP,
        "score.prompt": "{player} > ",
        "score.prompt_choose": "{player} chooses > ",
        "score.options": "{player}'s options:",
        "score.undone": "Undone: “{entry}”.",
        "score.winner": "{winner} wins the match!",
        "score.bye": "Scorekeeping ended.",
        "score.err.not_a_ball": "“{token}”: {value} is not an object ball (1..15).",
        "score.err.not_on_table": "Ball {ball} is not on the table (on the table: {on_table}).",
        "score.err.twice": "Ball {ball} is listed twice.",
        "score.err.unknown": "Unknown input “{token}”; type ? for help.",
        "score.err.conflict": "“{token}” conflicts with “{other}”.",
        "score.err.nothing_hit": (
            "“{token}”: when the cue ball hits nothing, no ball can be pocketed or leave the table."
        ),
        "score.err.decision_pending": (
            "{player} must choose before the next shot (“{token}”); choose: {choices}."
        ),
        "score.err.not_offered": "Option “{token}” ({label}) is not offered; choose: {choices}.",
        "score.err.no_option_number": "There is no option {token}; choose: {choices}.",
        "score.err.no_decision": "No decision is pending (“{token}”).",
        "score.err.not_in_hand": (
            "“{token}”: {player} does not have the cue ball in hand behind the head string."
        ),
        "score.err.break_only": "“{token}” is only for a break shot.",
        "score.err.rail_count": "“{token}”: the number of balls at a cushion must be 0 to {most}.",
        "score.err.label": "“{token}”: the foul name must be lowercase, e.g. g:double_hit.",
        "score.err.player": "Unknown player “{token}”; use A, B, {a} or {b}.",
        "score.err.player_needed": "“{token}” needs a player, e.g. “{token} A”.",
        "score.err.nothing_to_undo": "Nothing to undo.",
        "score.err.rejected": "Rejected: {detail}",
    }
)
"""English templates, in the translation's glossary."""

CATALOGUES: Final[Mapping[Language, Mapping[str, str]]] = MappingProxyType(
    {Language.VI: VI, Language.EN: EN}
)
"""The catalogue of each language."""


def placeholders(template: str) -> frozenset[str]:
    """The names of the ``{placeholders}`` of a template.

    Args:
        template: a ``str.format`` template.

    Returns:
        The field names it uses.

    >>> sorted(placeholders("{ball} and {lowest}"))
    ['ball', 'lowest']
    """
    return frozenset(
        name for _, name, _, _ in string.Formatter().parse(template) if name is not None
    )


def has_message(msg_id: str) -> bool:
    """Whether a message id is defined (in every language, as a test checks).

    Args:
        msg_id: the message id.

    Returns:
        True if the id exists.
    """
    return msg_id in EN


def message(msg_id: str, lang: Language, /, **fields: object) -> str:
    """A message in a language, its placeholders filled in.

    Args:
        msg_id: the message id (e.g. ``"state.to_shoot"``).
        lang: the language.
        **fields: the values of the template's placeholders.

    Returns:
        The finished sentence.

    Raises:
        KeyError: the id is unknown, or a placeholder has no value.
    """
    try:
        template = CATALOGUES[lang][msg_id]
    except KeyError:
        raise KeyError(f"no message {msg_id!r} in language {lang.value!r}") from None
    return template.format(**fields)
