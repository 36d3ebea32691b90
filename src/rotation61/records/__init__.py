"""Records: the persistent, open shape of shots and matches (JSON-ready dicts).

>>> from rotation61.records import shot_from_dict, shot_to_dict
>>> shot = shot_from_dict({"first_contact": 3, "pocketed": [3], "rail_after_contact": ["cue"]})
>>> shot_to_dict(shot)["pocketed"]
[3]
"""

from __future__ import annotations

from rotation61.records.shot_codec import shot_from_dict, shot_to_dict

__all__ = ["shot_from_dict", "shot_to_dict"]
