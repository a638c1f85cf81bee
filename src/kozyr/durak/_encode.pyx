"""The C encoder's Python entry: one seat of a Game into caller-provided numpy buffers.

`kozyr.durak.encoding.observe` is the documented face; this module only
bridges a `Game` (whose State it reads through the seat's view, st_view) and
the two memory masks to `enc_obs` / `enc_mask` in _encode.pxd.
"""
from libc.stdint cimport uint8_t, uint64_t
from libc.string cimport memset

from kozyr.durak._encode cimport N_ACTIONS, OBS_SIZE, action_of_code, code_of_action, enc_mask, enc_obs
from kozyr.durak.core.engine cimport Game
from kozyr.durak.core.rules cimport st_legal, st_view
from kozyr.durak.core.view cimport MAX_LEGAL, DView

SIZE = OBS_SIZE
ACTIONS = N_ACTIONS


def encode_into(Game game, int seat, uint64_t heap, uint64_t known, float[::1] obs, uint8_t[::1] mask):
    """Write seat's observation into obs (OBS_SIZE float32) and its legal mask into mask (76 uint8).

    The caller checks the seat (0 or 1) and the buffer sizes (encoding.observe does).
    """
    cdef DView v
    st_view(&game.st, seat, &v)
    enc_obs(&v, heap, known, &obs[0])
    enc_mask(&v, &mask[0])


def _action_of_code(int code):
    """Test hook: the C mapping from a move code to an action."""
    return action_of_code(code)


def _code_of_action(int action):
    """Test hook: the C mapping from an action to a move code."""
    return code_of_action(action)


def legal_actions(Game game):
    """The actions of the legal moves of the seat on turn, ascending (empty when the deal is over)."""
    cdef int codes[MAX_LEGAL]
    cdef int n = st_legal(&game.st, codes)
    cdef int i
    cdef uint8_t seen[N_ACTIONS]
    memset(seen, 0, N_ACTIONS)
    for i in range(n):
        seen[action_of_code(codes[i])] = 1
    return [i for i in range(N_ACTIONS) if seen[i]]
