"""The web app's own wording: page titles, buttons and labels, in Vietnamese and English.

Rulings, options and the scoreboard lines come from :mod:`rotation61.text`; this
catalogue holds only the words of the screens. Both languages define the same ids with
the same ``{placeholders}`` (a test checks it), as in :mod:`rotation61.text.catalogue`.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

from rotation61.text import Language

__all__ = ["UI_CATALOGUES", "UI_EN", "UI_VI", "parse_language", "ui"]

UI_VI: Final[Mapping[str, str]] = MappingProxyType(
    {
        "app.name": "rotation61 — trọng tài bi-a 15 bi",
        "nav.hall": "Sảnh thi đấu",
        "nav.desk": "Bàn tổ chức",
        "nav.login": "Đăng nhập",
        "nav.logout": "Đăng xuất",
        "lang.switch": "English",
        "login.title": "Đăng nhập ban tổ chức",
        "login.username": "Tên đăng nhập",
        "login.password": "Mật khẩu",
        "login.submit": "Đăng nhập",
        "login.failed": "Sai tên đăng nhập hoặc mật khẩu.",
        "desk.title": "Bàn tổ chức: các trận đấu",
        "desk.create": "Tạo trận đấu",
        "desk.player_a": "Đấu thủ A",
        "desk.player_b": "Đấu thủ B",
        "desk.race_to": "Chạm (số ván thắng)",
        "desk.rules": "Bộ luật",
        "desk.breaker_policy": "Người khai cuộc ván sau",
        "desk.breaker.winner": "người thắng ván",
        "desk.breaker.loser": "người thua ván",
        "desk.breaker.alternate": "luân phiên",
        "desk.first_breaker": "Khai cuộc ván đầu",
        "desk.table_name": "Tên bàn",
        "desk.table_size": "Cỡ bàn",
        "desk.tags": "Thông tin giải (mỗi dòng: tên=giá trị)",
        "desk.created": "Đã tạo trận {id}: mã trọng tài {pin}.",
        "desk.import": "Nhập biên bản (JSON)",
        "desk.import.file": "Tệp JSON",
        "desk.import.submit": "Nhập",
        "desk.imported": "Đã nhập trận {id}.",
        "desk.filter.all": "Tất cả",
        "desk.col.id": "Số",
        "desk.col.table": "Bàn",
        "desk.col.players": "Đấu thủ",
        "desk.col.score": "Tỉ số ván",
        "desk.col.status": "Trạng thái",
        "desk.col.pin": "Mã trọng tài",
        "desk.col.links": "Mở",
        "desk.link.console": "bàn trọng tài",
        "desk.link.scoreboard": "bảng điểm",
        "desk.link.overlay": "overlay",
        "desk.link.json": "JSON",
        "desk.link.text": "ký hiệu",
        "desk.none": "Chưa có trận đấu nào.",
        "status.scheduled": "chưa bắt đầu",
        "status.live": "đang đấu",
        "status.finished": "đã kết thúc",
        "pin.title": "Bàn trọng tài — trận {id}",
        "pin.label": "Mã trọng tài (PIN)",
        "pin.submit": "Vào",
        "pin.wrong": "Sai mã trọng tài.",
        "console.title": "Trọng tài — {table}",
        "console.pocketed": "Bi vào lỗ",
        "console.first_hit": "Bi cái chạm đầu tiên",
        "console.first_hit.none": "không chạm bi nào",
        "console.rail": "Có bi chạm băng sau khi chạm bi",
        "console.scratch": "Bi cái vào lỗ",
        "console.cue_off": "Bi cái rơi khỏi bàn",
        "console.more": "Thêm tình huống",
        "console.off_table": "Bi mục tiêu rơi khỏi bàn",
        "console.break_rails": "Số bi mục tiêu khác chạm băng trong cú khai cuộc",
        "console.kitchen": "Bi cái trong tay sau lằn ngang đầu bàn",
        "console.kitchen.clean": "vượt qua lằn ngang bình thường",
        "console.kitchen.kr": "chạm băng trước khi vượt qua lằn ngang",
        "console.kitchen.kk": "chạm bi sau lằn ngang rồi vượt qua",
        "console.kitchen.kn": "chạm bi sau lằn ngang, không vượt qua",
        "console.kitchen.kz": "không vượt qua lằn ngang, không chạm bi",
        "console.lowest_kitchen": "Bi mục tiêu chính dừng sau lằn ngang đầu bàn",
        "console.grf": "Lỗi theo luật chung",
        "console.grf.none": "không có",
        "console.moved": "Bi làm cản trở bị di chuyển",
        "console.moved.none": "không có",
        "console.record": "Ghi cú đánh",
        "console.miss": "Đánh trượt (hợp lệ)",
        "console.options": "Lựa chọn của {player}",
        "console.ruling": "Quyết định của trọng tài",
        "console.spotting": "Vị trí đặt bi",
        "console.spotting.note": (
            "Chỉ vẽ các bi được đặt lại; vị trí các bi khác trên bàn không được ghi nhận."
        ),
        "console.undo": "Hoàn tác",
        "console.officials": "Sự kiện của trọng tài",
        "console.concede_rack": "{player} xin thua ván",
        "console.concede_match": "{player} xin thua trận",
        "console.disqualify": "Truất quyền {player}",
        "console.stalemate": "Tuyên bố bế tắc",
        "console.confirm": "Xác nhận?",
        "console.override": "Trọng tài sửa quyết định cú đánh trước",
        "console.override.start": "Sửa lại tình huống của cú đánh trước",
        "console.override.banner": (
            "Trọng tài sửa cú đánh trước: nhập lại tình huống như trọng tài thấy; máy sẽ xử "
            "lại, quyết định cũ vẫn được lưu."
        ),
        "console.override.note": "Lý do: {note}",
        "console.override.note_label": "Lý do của trọng tài",
        "console.override.submit": "Áp dụng quyết định của trọng tài",
        "console.override.cancel": "Huỷ",
        "console.override.applied": "Trọng tài sửa quyết định (máy đã xử: {engine}).",
        "console.override.engine_legal": "hợp lệ",
        "console.history": "Diễn biến",
        "console.rejected": "Không chấp nhận: {detail}",
        "console.offline": "Mất kết nối — đang thử lại…",
        "console.match_over": "Trận đấu đã kết thúc.",
        "board.rack": "Ván",
        "board.race_to": "chạm {n}",
        "board.ball_in_play": "Bi mục tiêu chính",
        "board.points_left": "Điểm còn trên bàn",
        "board.fouls": "Lỗi liên tục",
        "board.to_act": "Đến lượt",
        "board.live": "trực tiếp",
        "board.reconnecting": "đang kết nối lại…",
        "hall.title": "Sảnh thi đấu: các bàn đang đấu",
        "hall.none": "Chưa có bàn nào đang đấu.",
        "error.title": "Lỗi",
    }
)
"""Vietnamese."""

UI_EN: Final[Mapping[str, str]] = MappingProxyType(
    {
        "app.name": "rotation61 — 15-ball rotation referee",
        "nav.hall": "Hall",
        "nav.desk": "Desk",
        "nav.login": "Log in",
        "nav.logout": "Log out",
        "lang.switch": "Tiếng Việt",
        "login.title": "Organiser login",
        "login.username": "Username",
        "login.password": "Password",
        "login.submit": "Log in",
        "login.failed": "Wrong username or password.",
        "desk.title": "Tournament desk: matches",
        "desk.create": "Create match",
        "desk.player_a": "Player A",
        "desk.player_b": "Player B",
        "desk.race_to": "Race to (racks)",
        "desk.rules": "Rule preset",
        "desk.breaker_policy": "Who breaks the next rack",
        "desk.breaker.winner": "the rack winner",
        "desk.breaker.loser": "the rack loser",
        "desk.breaker.alternate": "alternate",
        "desk.first_breaker": "First rack breaker",
        "desk.table_name": "Table name",
        "desk.table_size": "Table size",
        "desk.tags": "Event tags (one per line: name=value)",
        "desk.created": "Created match {id}: referee PIN {pin}.",
        "desk.import": "Import a record (JSON)",
        "desk.import.file": "JSON file",
        "desk.import.submit": "Import",
        "desk.imported": "Imported match {id}.",
        "desk.filter.all": "All",
        "desk.col.id": "No.",
        "desk.col.table": "Table",
        "desk.col.players": "Players",
        "desk.col.score": "Racks",
        "desk.col.status": "State",
        "desk.col.pin": "Referee PIN",
        "desk.col.links": "Open",
        "desk.link.console": "console",
        "desk.link.scoreboard": "scoreboard",
        "desk.link.overlay": "overlay",
        "desk.link.json": "JSON",
        "desk.link.text": "notation",
        "desk.none": "No match yet.",
        "status.scheduled": "scheduled",
        "status.live": "live",
        "status.finished": "finished",
        "pin.title": "Referee console — match {id}",
        "pin.label": "Referee PIN",
        "pin.submit": "Enter",
        "pin.wrong": "Wrong referee PIN.",
        "console.title": "Referee — {table}",
        "console.pocketed": "Balls pocketed",
        "console.first_hit": "First ball hit",
        "console.first_hit.none": "no ball hit",
        "console.rail": "A ball reached a cushion after the contact",
        "console.scratch": "Scratch (cue ball pocketed)",
        "console.cue_off": "Cue ball off the table",
        "console.more": "More facts",
        "console.off_table": "Object balls off the table",
        "console.break_rails": "Other object balls that reached a cushion on the break",
        "console.kitchen": "Cue ball in hand behind the head string",
        "console.kitchen.clean": "crossed the head string normally",
        "console.kitchen.kr": "cushion before crossing the head string",
        "console.kitchen.kk": "hit a ball behind the head string, then crossed",
        "console.kitchen.kn": "hit a ball behind the head string, never crossed",
        "console.kitchen.kz": "never crossed the head string, hit nothing",
        "console.lowest_kitchen": "The ball in play came to rest behind the head string",
        "console.grf": "General-rules foul",
        "console.grf.none": "none",
        "console.moved": "Obstructing ball moved",
        "console.moved.none": "none",
        "console.record": "Record shot",
        "console.miss": "Miss (legal)",
        "console.options": "{player}'s options",
        "console.ruling": "Referee's ruling",
        "console.spotting": "Where the balls go",
        "console.spotting.note": (
            "Only the spotted balls are drawn; the other balls' positions are not recorded."
        ),
        "console.undo": "Undo",
        "console.officials": "Officiating events",
        "console.concede_rack": "{player} concedes the rack",
        "console.concede_match": "{player} concedes the match",
        "console.disqualify": "Disqualify {player}",
        "console.stalemate": "Declare a stalemate",
        "console.confirm": "Confirm?",
        "console.override": "Referee overrides the last shot's ruling",
        "console.override.start": "Correct the facts of the last shot",
        "console.override.banner": (
            "Referee's correction of the last shot: enter the facts as the referee saw them; "
            "the engine rules again, and the first ruling stays on record."
        ),
        "console.override.note": "Reason: {note}",
        "console.override.note_label": "Referee's reason",
        "console.override.submit": "Apply the referee's ruling",
        "console.override.cancel": "Cancel",
        "console.override.applied": "Ruling overridden by the referee (engine ruled: {engine}).",
        "console.override.engine_legal": "legal",
        "console.history": "History",
        "console.rejected": "Rejected: {detail}",
        "console.offline": "Connection lost — retrying…",
        "console.match_over": "The match is over.",
        "board.rack": "Rack",
        "board.race_to": "race to {n}",
        "board.ball_in_play": "Ball in play",
        "board.points_left": "Points left",
        "board.fouls": "Fouls in a row",
        "board.to_act": "To act",
        "board.live": "live",
        "board.reconnecting": "reconnecting…",
        "hall.title": "Hall: live tables",
        "hall.none": "No table is live.",
        "error.title": "Error",
    }
)
"""English."""

UI_CATALOGUES: Final[Mapping[Language, Mapping[str, str]]] = MappingProxyType(
    {Language.VI: UI_VI, Language.EN: UI_EN}
)


def ui(msg_id: str, lang: Language, /, **fields: object) -> str:
    """A screen string in a language, placeholders filled in.

    Raises:
        KeyError: the id is unknown.
    """
    return UI_CATALOGUES[lang][msg_id].format(**fields)


def parse_language(value: str | None, default: Language = Language.VI) -> Language:
    """A language from a query parameter or cookie value; unknown values give ``default``."""
    if value in ("vi", "en"):
        return Language(value)
    return default
