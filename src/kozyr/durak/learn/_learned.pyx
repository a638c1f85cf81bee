"""The learned rung's inference in C: a small ReLU network over one seat's observation, with the GIL released.

`kozyr.durak.learn.learned` is the documented face (the weights file, `LearnedBot`);
this module holds the network in one C block (`Net`) and plays it as a native
bot (`net_move`, a `bot_fn`): the ladder's nogil loop calls it per decision
through the capsules `capsules(...)` returns, exactly as it calls any native bot.

A decision: the seat's observation (enc_obs, the 270 floats every RL face
writes, from the view alone), then the layers. The first layer is computed from
the observation's nonzero entries only (most of the 270 are zero: card planes and
one-hots), every hidden layer from its positive inputs only (a ReLU zeroes about
half), and the last layer only for the legal actions, whose rows are kept
transposed so each is one contiguous dot product. The move is the legal action of
the largest output, ties to the lowest action index (no random word is used).

The loader (learned.py) checks every shape before `make_net` copies the arrays:
nothing here reads past a buffer whatever file was given.
"""
from cpython.pycapsule cimport PyCapsule_GetPointer, PyCapsule_IsValid, PyCapsule_New
from libc.stdlib cimport free, malloc
from libc.string cimport memcpy

from kozyr.durak.learn._encode cimport N_ACTIONS, OBS_SIZE, action_of_code, enc_obs, enc_table_ok
from kozyr.durak.core.view cimport DView

import numpy as np

from kozyr.errors import KozyrError, shown

__all__ = ["make_net", "capsules", "logits", "choose", "MAX_LAYERS", "MAX_WIDTH"]

cdef enum:
    MAXL = 4              # layers (weights matrices) at most
    MAXW = 1024           # the widest hidden layer

MAX_LAYERS = MAXL
MAX_WIDTH = MAXW


cdef struct Net:
    int nlayers
    int size[MAXL + 1]    # size[0] = OBS_SIZE, size[nlayers] = N_ACTIONS
    float *w[MAXL]        # layer k: size[k] x size[k+1], input-major (row i: input i's weights);
                          # the last layer output-major (row a: action a's weights)
    float *b[MAXL]
    float *block          # every array above lives in this one allocation


cdef void _free_net(object capsule) noexcept:
    cdef Net *net = <Net *>PyCapsule_GetPointer(capsule, b"kozyr.durak.bot_state")
    if net != NULL:
        free(net.block)
        free(net)


cdef inline void _hidden(const Net *net, int k, const float *x, float *y) noexcept nogil:
    """y = relu(x @ w[k] + b[k]) over the nonzero entries of x (input-major rows)."""
    cdef int i, j, n_in = net.size[k], n_out = net.size[k + 1]
    cdef const float *row
    cdef float xi
    for j in range(n_out):
        y[j] = net.b[k][j]
    for i in range(n_in):
        xi = x[i]
        if xi != 0.0:
            row = net.w[k] + <Py_ssize_t>i * n_out
            for j in range(n_out):
                y[j] += xi * row[j]
    for j in range(n_out):
        if y[j] < 0.0:
            y[j] = 0.0


cdef inline float _out(const Net *net, const float *h, int a) noexcept nogil:
    """The last layer's output for action a (an output-major row: one dot product)."""
    cdef int k = net.nlayers - 1, i, n_in = net.size[k]
    cdef const float *row = net.w[k] + <Py_ssize_t>a * n_in
    cdef float s = 0.0
    for i in range(n_in):
        s += h[i] * row[i]
    return s + net.b[k][a]


cdef inline const float *_trunk(const Net *net, const float *obs, float *buf0, float *buf1) noexcept nogil:
    """The last hidden layer's activations (in buf0 or buf1) of the observation."""
    cdef int k
    cdef const float *x = obs
    cdef float *y = buf0
    for k in range(net.nlayers - 1):
        _hidden(net, k, x, y)
        x = y
        y = buf1 if y == buf0 else buf0
    return x


cdef int net_move(const DView *v, unsigned int word, const void *state) noexcept nogil:
    """The network's move on the view of the seat on turn (a bot_fn): the legal move of the largest
    output, ties to the lowest action; -1 at a table the 270 floats do not speak, or with no move."""
    cdef const Net *net = <const Net *>state
    cdef float obs[OBS_SIZE]
    cdef float buf0[MAXW]
    cdef float buf1[MAXW]
    cdef const float *h
    cdef int i, a, best = -1, best_a = N_ACTIONS
    cdef float q, best_q = 0.0
    if v.nlegal <= 0 or net == NULL or not enc_table_ok(v):
        return -1
    if v.nlegal == 1:
        return v.legal[0]
    enc_obs(v, obs)
    h = _trunk(net, obs, buf0, buf1)
    for i in range(v.nlegal):
        a = action_of_code(v.legal[i])
        q = _out(net, h, a)
        if best < 0 or q > best_q or (q == best_q and a < best_a):
            best, best_a, best_q = v.legal[i], a, q
    return best


cdef object _net_capsule(object arrays):
    """A capsule named "kozyr.durak.bot_state" owning a Net copied from the checked float32 arrays
    [w0, b0, w1, b1, ...] (w input-major, shape (in, out)); freed with the capsule."""
    cdef int n = len(arrays) // 2, k, total = 0, at = 0
    cdef Net *net
    cdef float[:, ::1] w
    cdef float[::1] b
    cdef Py_ssize_t i, j
    net = <Net *>malloc(sizeof(Net))
    if net == NULL:
        raise MemoryError()
    net.nlayers = n
    net.block = NULL
    for k in range(n):
        total += arrays[2 * k].size + arrays[2 * k + 1].size
        net.size[k] = arrays[2 * k].shape[0]
    net.size[n] = arrays[2 * n - 1].shape[0]
    net.block = <float *>malloc(max(total, 1) * sizeof(float))
    if net.block == NULL:
        free(net)
        raise MemoryError()
    for k in range(n):
        w = arrays[2 * k]
        b = arrays[2 * k + 1]
        net.w[k] = net.block + at
        if k == n - 1:      # output-major: row a holds action a's weights
            for j in range(w.shape[1]):
                for i in range(w.shape[0]):
                    net.block[at + j * w.shape[0] + i] = w[i, j]
        else:
            memcpy(net.w[k], &w[0, 0], w.shape[0] * w.shape[1] * sizeof(float))
        at += w.shape[0] * w.shape[1]
        net.b[k] = net.block + at
        memcpy(net.b[k], &b[0], b.shape[0] * sizeof(float))
        at += b.shape[0]
    return PyCapsule_New(<void *>net, b"kozyr.durak.bot_state", _free_net)


def make_net(arrays):
    """The state capsule of a network from its arrays [w0, b0, w1, b1, ...]: contiguous float32, w_k
    of shape (size_k, size_k+1), size_0 = 270, the last 76, 1 to 4 layers, hidden widths up to 1024
    (learned.py checks a file's arrays against this before calling; here it is checked again so
    that no call reaches C with a shape it would read past)."""
    arrays = list(arrays)
    if not 2 <= len(arrays) <= 2 * MAXL or len(arrays) % 2:
        raise KozyrError("bad_weights", f"a network is 1 to {MAXL} layers (a weight and a bias each), not "
                         f"{len(arrays)} arrays", field="layers", value=len(arrays))
    width = OBS_SIZE
    for k in range(len(arrays) // 2):
        w, b = arrays[2 * k], arrays[2 * k + 1]
        last = k == len(arrays) // 2 - 1
        for name, a, dims in ((f"w{k}", w, 2), (f"b{k}", b, 1)):
            if not isinstance(a, np.ndarray) or a.dtype != np.float32 or a.ndim != dims \
                    or not a.flags.c_contiguous:
                raise KozyrError("bad_weights", f"{name} is not a contiguous float32 array of {dims} "
                                 f"dimension(s): {shown(a)}", field=name)
        out = N_ACTIONS if last else w.shape[1]
        if w.shape[0] != width or w.shape[1] != out or b.shape[0] != out or not 1 <= out <= MAXW:
            raise KozyrError("bad_weights", f"layer {k} has shape {w.shape} and bias {b.shape}: expected "
                             f"({width}, {'76' if last else 'width <= 1024'}) and its width",
                             field=f"w{k}", value=str(w.shape))
        width = out
    return _net_capsule(arrays)


def capsules():
    """The bot function's capsule (named "kozyr.durak.bot_fn"), for a NativeBot."""
    return PyCapsule_New(<void *>net_move, b"kozyr.durak.bot_fn", NULL)


cdef const Net *_net(object state) except NULL:
    if not PyCapsule_IsValid(state, b"kozyr.durak.bot_state"):
        raise KozyrError("bad_weights", f"{shown(state)} is not a network's capsule", value=state)
    return <const Net *>PyCapsule_GetPointer(state, b"kozyr.durak.bot_state")


def logits(state, obs):
    """float32[n, 76]: the network's outputs for every action of each observation (obs: float32 (270,)
    or (n, 270)), computed by the same C as a decision (the tests compare it with numpy)."""
    cdef const Net *net = _net(state)
    cdef float[:, ::1] x
    cdef float[:, ::1] out
    cdef float buf0[MAXW]
    cdef float buf1[MAXW]
    cdef const float *h
    cdef Py_ssize_t r
    cdef int a
    arr = obs
    if not isinstance(arr, np.ndarray) or arr.dtype != np.float32 or arr.ndim not in (1, 2) \
            or arr.shape[arr.ndim - 1] != OBS_SIZE:
        raise KozyrError("bad_obs", f"an observation is float32 ({OBS_SIZE},) or (n, {OBS_SIZE}), not "
                         f"{shown(arr)}", field="obs")
    x = np.ascontiguousarray(arr.reshape(-1, OBS_SIZE))
    res = np.zeros((x.shape[0], N_ACTIONS), dtype=np.float32)
    out = res
    with nogil:
        for r in range(x.shape[0]):
            h = _trunk(net, &x[r, 0], buf0, buf1)
            for a in range(N_ACTIONS):
                out[r, a] = _out(net, h, a)
    return res if arr.ndim == 2 else res[0]


def choose(state, obs, mask):
    """The action the network plays on one observation and legal mask (uint8[76]): the legal action
    of the largest output, ties to the lowest; -1 when the mask has none."""
    cdef int a, best = -1
    cdef Py_ssize_t nlegal
    if not isinstance(mask, np.ndarray) or mask.dtype != np.uint8 or mask.shape != (N_ACTIONS,):
        raise KozyrError("bad_obs", f"a legal mask is uint8 ({N_ACTIONS},), not {shown(mask)}", field="mask")
    legal = np.flatnonzero(mask)
    nlegal = len(legal)
    if nlegal == 0:
        return -1
    if nlegal == 1:
        return int(legal[0])
    q = logits(state, obs)
    if q.ndim != 1:
        raise KozyrError("bad_obs", f"choose takes one observation, not {q.shape[0]}", field="obs")
    for a in legal:
        if best < 0 or q[a] > q[best]:
            best = a
    return best
