/* The search core in C: the same children, scores and beam search as core.py, its reference.
 *
 * core.py keeps a state as Python objects (a tuple of ten bytes, a tuple of face-down counts, the deals
 * made); here a state is one flat struct, and a beam keeps for each new position only its hash, score,
 * parent and action until it is chosen, so that the millions of positions a beam looks at are never
 * built. The hash of a state is the sum of its columns' hashes, so a move (which changes two columns)
 * hashes in the time of two short columns. Behaviour follows core.py action for action, in the same
 * order, so that both find the same lines; tests/solver/test_native.py holds them to it.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define COLUMNS 10
#define RUN 13
#define DEAL 0xFFFF
#define MAX_CARDS 104
#define MAX_DEALS 16
/* An action is a move, source | target << 4 | count << 8 (columns 0-9), or DEAL: core.move_action and
   core.Move.of are its Python side. */
static inline int move_action(int source, int target, int count) { return source | target << 4 | count << 8; }
static inline int action_source(int action) { return action & 15; }
static inline int action_target(int action) { return (action >> 4) & 15; }
static inline int action_count(int action) { return action >> 8; }

/* More than any position has: a group moves onto at most a few columns per count. */
#define MAX_ACTIONS 4096

typedef struct {
    uint8_t len[COLUMNS];
    uint8_t down[COLUMNS];
    uint8_t dealt;
    uint8_t cards[MAX_CARDS]; /* the face-up cards, column after column, bottom card first */
} State;

typedef struct {
    PyObject_HEAD
    int has_hidden;
    uint8_t hidden[COLUMNS][MAX_CARDS];
    int hidden_len[COLUMNS];
    /* With ``order``: face-down cards come up in this order, whichever column they are turned up in. */
    int in_order;
    uint8_t order[MAX_CARDS];
    int order_len;
    int deal_count;
    uint8_t deals[MAX_DEALS][COLUMNS];
    int deal_len[MAX_DEALS];
    int stock_after[MAX_DEALS + 1]; /* cards left in the stock once this many deals are made */
    int relaxed, deal_any;
    int w_break, w_off_suit, w_segment, w_face_down, w_stock, w_empty;
} TableObject;

/* ---- columns ---- */

static int column_score(const TableObject *t, const uint8_t *c, int n) {
    if (n == 0) return t->w_empty;
    int score = t->w_segment;
    for (int k = 1; k < n; k++) {
        int upper = c[k - 1], lower = c[k];
        if (upper - lower == 1) continue;
        score += ((upper & 15) - (lower & 15) == 1) ? t->w_off_suit : t->w_break;
    }
    return score;
}

static int movable_count(const uint8_t *c, int n, int relaxed) {
    if (n == 0) return 0;
    int count = 1;
    int lower = c[n - 1];
    while (count < n) {
        int upper = c[n - 1 - count];
        if (relaxed ? ((upper & 15) - (lower & 15) != 1) : (upper - lower != 1)) break;
        count++;
        lower = upper;
    }
    return count;
}

static inline uint64_t mix64(uint64_t x) {
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    x *= 0xc4ceb9fe1a85ec53ULL;
    x ^= x >> 33;
    return x;
}

/* A column's share of the state hash: its place, its face-down count and its face-up cards. */
static uint64_t column_hash(int index, int down, const uint8_t *c, int n) {
    uint64_t h = 0x9E3779B97F4A7C15ULL * (uint64_t)(index * 257 + down + 1) + (uint64_t)n;
    for (int k = 0; k < n; k++) h = (h ^ c[k]) * 0x100000001b3ULL;
    return mix64(h);
}

static inline uint64_t dealt_hash(int dealt) { return mix64(0xD1B54A32D192ED03ULL + (uint64_t)dealt); }

/* A completed run (king to ace of one suit) at the end of a column. */
static int ends_in_run(const uint8_t *c, int n) {
    if (n < RUN || (c[n - 1] & 15) != 1) return 0;
    int suit = c[n - 1] >> 4;
    for (int k = 0; k < RUN; k++)
        if (c[n - RUN + k] != suit * 16 + RUN - k) return 0;
    return 1;
}

/* ---- states ---- */

typedef struct {
    const State *s;
    const uint8_t *col[COLUMNS];
    int score[COLUMNS];
    uint64_t hash[COLUMNS];
    int movable[COLUMNS];
    int total;  /* the full score */
    uint64_t key;
} Expansion;

static int stock_score(const TableObject *t, int dealt) { return t->w_stock * t->stock_after[dealt]; }

static void expand(const TableObject *t, const State *s, Expansion *e) {
    int offset = 0, total = 0, down = 0;
    uint64_t key = dealt_hash(s->dealt);
    e->s = s;
    for (int i = 0; i < COLUMNS; i++) {
        const uint8_t *c = s->cards + offset;
        int n = s->len[i];
        e->col[i] = c;
        e->score[i] = column_score(t, c, n);
        e->hash[i] = column_hash(i, s->down[i], c, n);
        e->movable[i] = movable_count(c, n, t->relaxed);
        total += e->score[i];
        key += e->hash[i];
        down += s->down[i];
        offset += n;
    }
    e->total = total + t->w_face_down * down + stock_score(t, s->dealt);
    e->key = key;
}

/* Only where the columns lie: enough to build a child. */
static void locate(const State *s, Expansion *e) {
    int offset = 0;
    e->s = s;
    for (int i = 0; i < COLUMNS; i++) {
        e->col[i] = s->cards + offset;
        offset += s->len[i];
    }
}

static uint64_t state_key(const TableObject *t, const State *s) {
    Expansion e;
    expand(t, s, &e);
    return e.key;
}

static int state_score(const TableObject *t, const State *s) {
    Expansion e;
    expand(t, s, &e);
    return e.total;
}

static int state_won(const TableObject *t, const State *s) {
    if (s->dealt != t->deal_count) return 0;
    for (int i = 0; i < COLUMNS; i++)
        if (s->len[i] || s->down[i]) return 0;
    return 1;
}

/* The two columns a move changes, as core.Table.children builds them. */
typedef struct {
    int source, target;
    const uint8_t *src;
    int src_len, src_down;
    uint8_t dst[MAX_CARDS];
    int dst_len, dst_down;
    int turned; /* face-down cards turned up */
    uint8_t src_first; /* the card turned up in the source column */
} Move;

/* The card a face-down place shows when it is turned up, ``left`` face-down cards staying on the table
   after it: the column's own card, or under ``order`` the next card of the one sequence. */
static uint8_t turned_card(const TableObject *t, int column, int place, int left) {
    return t->in_order ? t->order[t->order_len - 1 - left] : t->hidden[column][place];
}

static int down_total(const uint8_t *down) {
    int total = 0;
    for (int i = 0; i < COLUMNS; i++) total += down[i];
    return total;
}

static void make_move(const TableObject *t, const Expansion *e, int action, Move *m) {
    const State *s = e->s;
    int source = action_source(action), target = action_target(action), count = action_count(action);
    int size = s->len[source], cut = size - count;
    m->source = source;
    m->target = target;
    m->src = e->col[source];
    m->src_len = cut;
    m->src_down = s->down[source];
    m->turned = 0;
    if (cut == 0 && m->src_down) {
        m->src_down--;
        m->turned++;
        if (t->has_hidden) {
            m->src_first = turned_card(t, source, m->src_down, down_total(s->down) - 1);
            m->src = &m->src_first;
            m->src_len = 1;
        }
    }
    int dst_len = s->len[target];
    memcpy(m->dst, e->col[target], dst_len);
    memcpy(m->dst + dst_len, e->col[source] + cut, count);
    m->dst_len = dst_len + count;
    m->dst_down = s->down[target];
    /* Only a move onto a card can complete a run; an ace ends every run. */
    if (dst_len && (m->dst[m->dst_len - 1] & 15) == 1 && ends_in_run(m->dst, m->dst_len)) {
        m->dst_len -= RUN;
        if (m->dst_len == 0 && m->dst_down && t->has_hidden) {
            m->dst_down--;
            m->turned++;
            m->dst[0] = turned_card(t, target, m->dst_down, down_total(s->down) - m->turned);
            m->dst_len = 1;
        }
    }
}

static void move_state(const Expansion *e, const Move *m, State *out) {
    const State *s = e->s;
    int offset = 0;
    memcpy(out->len, s->len, COLUMNS);
    memcpy(out->down, s->down, COLUMNS);
    out->dealt = s->dealt;
    out->len[m->source] = (uint8_t)m->src_len;
    out->down[m->source] = (uint8_t)m->src_down;
    out->len[m->target] = (uint8_t)m->dst_len;
    out->down[m->target] = (uint8_t)m->dst_down;
    for (int i = 0; i < COLUMNS; i++) {
        const uint8_t *c = i == m->source ? m->src : i == m->target ? m->dst : e->col[i];
        memcpy(out->cards + offset, c, out->len[i]);
        offset += out->len[i];
    }
}

static void deal_state(const TableObject *t, const Expansion *e, State *out) {
    const State *s = e->s;
    int dealt = s->dealt, offset = 0, left = down_total(s->down);
    memcpy(out->down, s->down, COLUMNS);
    out->dealt = (uint8_t)(dealt + 1);
    for (int i = 0; i < COLUMNS; i++) {
        uint8_t *c = out->cards + offset;
        int n = s->len[i];
        memcpy(c, e->col[i], n);
        if (i < t->deal_len[dealt]) {
            c[n++] = t->deals[dealt][i];
            if (ends_in_run(c, n)) n -= RUN;
            if (n == 0 && out->down[i] && t->has_hidden) {
                out->down[i]--;
                c[0] = turned_card(t, i, out->down[i], --left);
                n = 1;
            }
        }
        out->len[i] = (uint8_t)n;
        offset += n;
    }
}

static void child_state(const TableObject *t, const Expansion *e, int action, State *out) {
    if (action == DEAL) {
        deal_state(t, e, out);
    } else {
        Move m;
        make_move(t, e, action, &m);
        move_state(e, &m, out);
    }
}

/* The actions of core.Table.children, in its order. */
static int actions_of(const TableObject *t, const Expansion *e, int exact, uint16_t *out) {
    const State *s = e->s;
    int n = 0;
    int empties[COLUMNS], empty_count = 0;
    int stock_left = s->dealt < t->deal_count;
    for (int i = 0; i < COLUMNS; i++)
        if (!s->len[i]) empties[empty_count++] = i;
    int any_empty = empty_count > 0;
    /* Empty columns are interchangeable, except that an exhaustive search with a stock left must tell
       them apart (a deal needs every column filled). */
    if (empty_count && !(exact && stock_left)) empty_count = 1;
    int by_rank[15][COLUMNS], by_rank_count[15] = {0};
    for (int j = 0; j < COLUMNS; j++)
        if (s->len[j]) {
            int rank = e->col[j][s->len[j] - 1] & 15;
            by_rank[rank][by_rank_count[rank]++] = j;
        }
    for (int source = 0; source < COLUMNS; source++) {
        int size = s->len[source];
        if (!size) continue;
        const uint8_t *src = e->col[source];
        int can_move = e->movable[source];
        int last_rank = src[size - 1] & 15;
        int most = can_move < 13 - last_rank ? can_move : 13 - last_rank;
        for (int count = 1; count <= most; count++) {
            int rank = last_rank + count;
            if (!by_rank_count[rank]) continue;
            int cut = size - count;
            int first = src[cut];
            /* Trading a same-suit link for another gains only if it builds a longer same-suit run. */
            int linked = !exact && cut && src[cut - 1] - first == 1;
            for (int k = 0; k < by_rank_count[rank]; k++) {
                int target = by_rank[rank][k];
                if (linked) {
                    const uint8_t *dst = e->col[target];
                    if (dst[s->len[target] - 1] - first != 1 || e->movable[target] <= can_move - count) continue;
                }
                out[n++] = (uint16_t)move_action(source, target, count);
            }
        }
        if (empty_count) {
            int whole = (s->down[source] || (exact && stock_left)) ? size : size - 1;
            int limit = can_move < whole ? can_move : whole;
            for (int k = 0; k < empty_count; k++) {
                int target = empties[k];
                if (target == source) continue;
                for (int count = 1; count <= limit; count++) out[n++] = (uint16_t)move_action(source, target, count);
            }
        }
    }
    if (stock_left && (t->deal_any || !any_empty)) out[n++] = DEAL;
    return n;
}

/* The score and hash of a child, from its parent's. */
static void child_measure(const TableObject *t, const Expansion *e, int action, int *score, uint64_t *key) {
    if (action == DEAL) {
        State child;
        deal_state(t, e, &child);
        Expansion c;
        expand(t, &child, &c);
        *score = c.total;
        *key = c.key;
        return;
    }
    Move m;
    make_move(t, e, action, &m);
    int s = m.source, d = m.target;
    *score = e->total - e->score[s] - e->score[d] + column_score(t, m.src, m.src_len) +
             column_score(t, m.dst, m.dst_len) - t->w_face_down * m.turned;
    *key = e->key - e->hash[s] - e->hash[d] + column_hash(s, m.src_down, m.src, m.src_len) +
           column_hash(d, m.dst_down, m.dst, m.dst_len);
}

/* ---- conversion from and to core.py's states ---- */

static int state_from_python(PyObject *obj, State *s) {
    PyObject *columns, *down, *dealt_obj;
    if (!PyTuple_Check(obj) || PyTuple_GET_SIZE(obj) != 3) {
        PyErr_SetString(PyExc_TypeError, "a state is (columns, face_down, dealt)");
        return -1;
    }
    columns = PyTuple_GET_ITEM(obj, 0);
    down = PyTuple_GET_ITEM(obj, 1);
    dealt_obj = PyTuple_GET_ITEM(obj, 2);
    if (!PyTuple_Check(columns) || PyTuple_GET_SIZE(columns) != COLUMNS || !PyTuple_Check(down) ||
        PyTuple_GET_SIZE(down) != COLUMNS) {
        PyErr_SetString(PyExc_TypeError, "a state has ten columns and ten face-down counts");
        return -1;
    }
    long dealt = PyLong_AsLong(dealt_obj);
    if (dealt < 0 || dealt > MAX_DEALS) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "deals made out of range");
        return -1;
    }
    s->dealt = (uint8_t)dealt;
    int offset = 0;
    for (int i = 0; i < COLUMNS; i++) {
        PyObject *c = PyTuple_GET_ITEM(columns, i);
        if (!PyBytes_Check(c)) {
            PyErr_SetString(PyExc_TypeError, "a column is bytes");
            return -1;
        }
        Py_ssize_t n = PyBytes_GET_SIZE(c);
        long d = PyLong_AsLong(PyTuple_GET_ITEM(down, i));
        if (offset + n > MAX_CARDS || d < 0 || d > MAX_CARDS) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "more cards than two decks");
            return -1;
        }
        memcpy(s->cards + offset, PyBytes_AS_STRING(c), n);
        s->len[i] = (uint8_t)n;
        s->down[i] = (uint8_t)d;
        offset += (int)n;
    }
    return 0;
}

/* A core.py state; columns and face-down counts equal to the parent's reuse its objects (as core.py does,
   and a bytes object keeps its hash). */
static PyObject *state_to_python(const State *s, PyObject *parent) {
    PyObject *parent_columns = parent ? PyTuple_GET_ITEM(parent, 0) : NULL;
    PyObject *parent_down = parent ? PyTuple_GET_ITEM(parent, 1) : NULL;
    PyObject *columns = PyTuple_New(COLUMNS);
    if (!columns) return NULL;
    int offset = 0, same_down = parent != NULL;
    for (int i = 0; i < COLUMNS; i++) {
        PyObject *c = NULL;
        const char *cards = (const char *)s->cards + offset;
        if (parent_columns) {
            PyObject *old = PyTuple_GET_ITEM(parent_columns, i);
            if (PyBytes_GET_SIZE(old) == s->len[i] && memcmp(PyBytes_AS_STRING(old), cards, s->len[i]) == 0) {
                Py_INCREF(old);
                c = old;
            }
        }
        if (!c) c = PyBytes_FromStringAndSize(cards, s->len[i]);
        if (!c) {
            Py_DECREF(columns);
            return NULL;
        }
        PyTuple_SET_ITEM(columns, i, c);
        offset += s->len[i];
        if (same_down && PyLong_AsLong(PyTuple_GET_ITEM(parent_down, i)) != s->down[i]) same_down = 0;
    }
    PyObject *down;
    if (same_down) {
        Py_INCREF(parent_down);
        down = parent_down;
    } else {
        down = PyTuple_New(COLUMNS);
        if (!down) {
            Py_DECREF(columns);
            return NULL;
        }
        for (int i = 0; i < COLUMNS; i++) PyTuple_SET_ITEM(down, i, PyLong_FromLong(s->down[i]));
    }
    return Py_BuildValue("(NNi)", columns, down, (int)s->dealt);
}

/* ---- the Table type ---- */

static int read_cards(PyObject *obj, uint8_t *out, int most, int *len) {
    if (!PyBytes_Check(obj) || PyBytes_GET_SIZE(obj) > most) {
        PyErr_SetString(PyExc_ValueError, "cards are bytes, not too many");
        return -1;
    }
    *len = (int)PyBytes_GET_SIZE(obj);
    memcpy(out, PyBytes_AS_STRING(obj), *len);
    return 0;
}

static int Table_init(TableObject *self, PyObject *args, PyObject *kwds) {
    PyObject *hidden, *deals, *order = Py_None;
    int relaxed, deal_any;
    static char *keywords[] = {"hidden", "deals", "relaxed", "deal_any", "weights", "order", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OOpp(iiiiii)|O", keywords, &hidden, &deals, &relaxed, &deal_any,
                                     &self->w_break, &self->w_off_suit, &self->w_segment, &self->w_face_down,
                                     &self->w_stock, &self->w_empty, &order))
        return -1;
    self->in_order = order != Py_None;
    self->order_len = 0;
    if (self->in_order && read_cards(order, self->order, MAX_CARDS, &self->order_len) < 0) return -1;
    self->relaxed = relaxed;
    self->deal_any = deal_any;
    self->has_hidden = hidden != Py_None;
    if (self->has_hidden) {
        if (!PyTuple_Check(hidden) || PyTuple_GET_SIZE(hidden) != COLUMNS) {
            PyErr_SetString(PyExc_ValueError, "hidden is ten columns of face-down cards");
            return -1;
        }
        for (int i = 0; i < COLUMNS; i++)
            if (read_cards(PyTuple_GET_ITEM(hidden, i), self->hidden[i], MAX_CARDS, &self->hidden_len[i]) < 0)
                return -1;
    }
    if (!PyTuple_Check(deals) || PyTuple_GET_SIZE(deals) > MAX_DEALS) {
        PyErr_SetString(PyExc_ValueError, "deals is a tuple of at most 16 deals");
        return -1;
    }
    self->deal_count = (int)PyTuple_GET_SIZE(deals);
    for (int k = 0; k < self->deal_count; k++)
        if (read_cards(PyTuple_GET_ITEM(deals, k), self->deals[k], COLUMNS, &self->deal_len[k]) < 0) return -1;
    self->stock_after[self->deal_count] = 0;
    for (int k = self->deal_count - 1; k >= 0; k--) self->stock_after[k] = self->stock_after[k + 1] + self->deal_len[k];
    return 0;
}

static int parse_state(TableObject *self, PyObject *obj, State *s) {
    if (state_from_python(obj, s) < 0) return -1;
    if (s->dealt > self->deal_count) {
        PyErr_SetString(PyExc_ValueError, "more deals made than the stock holds");
        return -1;
    }
    if (self->in_order && down_total(s->down) > self->order_len) {
        PyErr_SetString(PyExc_ValueError, "more face-down cards than the order holds");
        return -1;
    }
    return 0;
}

static PyObject *Table_score(TableObject *self, PyObject *arg) {
    State s;
    if (parse_state(self, arg, &s) < 0) return NULL;
    return PyLong_FromLong(state_score(self, &s));
}

static PyObject *Table_key(TableObject *self, PyObject *arg) {
    State s;
    if (parse_state(self, arg, &s) < 0) return NULL;
    return PyLong_FromUnsignedLongLong(state_key(self, &s));
}

static PyObject *Table_children(TableObject *self, PyObject *args) {
    PyObject *state_obj;
    long score;
    int exact = 0;
    if (!PyArg_ParseTuple(args, "Ol|p", &state_obj, &score, &exact)) return NULL;
    State s, child;
    if (parse_state(self, state_obj, &s) < 0) return NULL;
    Expansion e;
    expand(self, &s, &e);
    uint16_t actions[MAX_ACTIONS];
    int n = actions_of(self, &e, exact, actions);
    PyObject *out = PyList_New(n);
    if (!out) return NULL;
    for (int k = 0; k < n; k++) {
        int action = actions[k], child_score;
        uint64_t key;
        child_measure(self, &e, action, &child_score, &key);
        /* core.py scores a move from the score it is given, a deal from scratch. */
        long value = action == DEAL ? child_score : score + (child_score - e.total);
        child_state(self, &e, action, &child);
        PyObject *item = state_to_python(&child, state_obj);
        if (!item) {
            Py_DECREF(out);
            return NULL;
        }
        PyList_SET_ITEM(out, k, Py_BuildValue("(ilN)", action, value, item));
    }
    return out;
}

/* ---- the beam ---- */

typedef struct {
    uint64_t *keys;
    size_t mask, count;
} KeySet;

static int keyset_init(KeySet *set, size_t capacity) {
    size_t size = 1024;
    while (size < capacity * 2) size <<= 1;
    set->keys = calloc(size, sizeof(uint64_t));
    set->mask = size - 1;
    set->count = 0;
    return set->keys ? 0 : -1;
}

/* 0 marks a free slot, so no key is 0. */
static inline uint64_t nonzero(uint64_t key) { return key ? key : 1; }

static inline int keyset_has(const KeySet *set, uint64_t key) {
    size_t i = (size_t)key & set->mask;
    while (set->keys[i]) {
        if (set->keys[i] == key) return 1;
        i = (i + 1) & set->mask;
    }
    return 0;
}

static int keyset_add(KeySet *set, uint64_t key);

static int keyset_grow(KeySet *set) {
    KeySet bigger;
    if (keyset_init(&bigger, (set->mask + 1)) < 0) return -1;
    for (size_t i = 0; i <= set->mask; i++)
        if (set->keys[i]) keyset_add(&bigger, set->keys[i]);
    free(set->keys);
    *set = bigger;
    return 0;
}

/* 1 if added, 0 if there already, -1 out of memory. */
static int keyset_add(KeySet *set, uint64_t key) {
    if ((set->count + 1) * 2 > set->mask + 1 && keyset_grow(set) < 0) return -1;
    size_t i = (size_t)key & set->mask;
    while (set->keys[i]) {
        if (set->keys[i] == key) return 0;
        i = (i + 1) & set->mask;
    }
    set->keys[i] = key;
    set->count++;
    return 1;
}

typedef struct {
    uint64_t key;
    int32_t score;
    int32_t parent;
    uint32_t order; /* the order found in, which breaks ties as heapq.nsmallest does */
    uint16_t action;
    uint8_t dealt;
} Candidate;

static int by_score(const void *a, const void *b) {
    const Candidate *x = a, *y = b;
    if (x->score != y->score) return x->score < y->score ? -1 : 1;
    return x->order < y->order ? -1 : x->order > y->order;
}

/* The width best of a group, in place: below a threshold score, then the first ones at it; sorted as
   heapq.nsmallest sorts them. A group no larger than the width stays as it is. */
static long keep_best(Candidate *group, size_t count, size_t width) {
    if (count <= width) return (long)count;
    int low = group[0].score, high = group[0].score;
    for (size_t k = 1; k < count; k++) {
        if (group[k].score < low) low = group[k].score;
        if (group[k].score > high) high = group[k].score;
    }
    size_t span = (size_t)(high - low) + 1;
    size_t *histogram = calloc(span, sizeof(size_t));
    if (!histogram) return -1;
    for (size_t k = 0; k < count; k++) histogram[group[k].score - low]++;
    size_t below = 0, at = 0;
    int threshold = low;
    for (size_t b = 0; b < span; b++) {
        if (below + histogram[b] >= width) {
            threshold = low + (int)b;
            at = width - below;
            break;
        }
        below += histogram[b];
    }
    free(histogram);
    size_t out = 0;
    for (size_t k = 0; k < count; k++)
        if (group[k].score < threshold || (group[k].score == threshold && at && at--)) group[out++] = group[k];
    qsort(group, width, sizeof(Candidate), by_score);
    return (long)width;
}

/* A beam of its own for each number of deals made: a position after a deal has ten more cards to sort,
   so it would lose to the positions before it on score alone. The groups follow each other, fewest deals
   first; returns how many candidates are kept (moved to the front), or -1 out of memory. */
static long keep_per_deal(Candidate *candidates, size_t count, size_t width, Candidate **scratch, size_t *capacity) {
    if (count <= width) return (long)count;
    size_t starts[MAX_DEALS + 2] = {0};
    for (size_t k = 0; k < count; k++) starts[candidates[k].dealt + 1]++;
    for (int d = 0; d <= MAX_DEALS; d++) starts[d + 1] += starts[d];
    if (*capacity < count) {
        Candidate *bigger = realloc(*scratch, count * sizeof(Candidate));
        if (!bigger) return -1;
        *scratch = bigger;
        *capacity = count;
    }
    size_t fill[MAX_DEALS + 1];
    memcpy(fill, starts, sizeof(fill));
    for (size_t k = 0; k < count; k++) (*scratch)[fill[candidates[k].dealt]++] = candidates[k];
    size_t kept = 0;
    for (int d = 0; d <= MAX_DEALS; d++) {
        size_t size = starts[d + 1] - starts[d];
        if (!size) continue;
        long best = keep_best(*scratch + starts[d], size, width);
        if (best < 0) return -1;
        memcpy(candidates + kept, *scratch + starts[d], (size_t)best * sizeof(Candidate));
        kept += (size_t)best;
    }
    return (long)kept;
}

typedef struct {
    int32_t *parent;
    uint16_t *action;
} Depth;

typedef struct {
    Depth *depths;
    size_t count, capacity;
} Line;

static void line_free(Line *line) {
    for (size_t d = 0; d < line->count; d++) {
        free(line->depths[d].parent);
        free(line->depths[d].action);
    }
    free(line->depths);
}

/* The line to the position kept at ``index`` of ``depth`` (0: the first depth below the start). */
static PyObject *line_to_kept(const Line *line, size_t depth, int index) {
    PyObject *out = PyList_New((Py_ssize_t)depth + 1);
    if (!out) return NULL;
    for (size_t d = depth + 1; d-- > 0;) {
        PyList_SET_ITEM(out, d, PyLong_FromLong(line->depths[d].action[index]));
        index = line->depths[d].parent[index];
    }
    return out;
}

/* The line to the position kept at ``index`` of the last depth, then ``last_action``. */
static PyObject *line_to_python(const Line *line, int index, int last_action) {
    PyObject *out = line->count ? line_to_kept(line, line->count - 1, index) : PyList_New(0);
    if (!out) return NULL;
    PyObject *last = PyLong_FromLong(last_action);
    if (!last || PyList_Append(out, last) < 0) {
        Py_XDECREF(last);
        Py_DECREF(out);
        return NULL;
    }
    Py_DECREF(last);
    return out;
}

/* core.Table.dead: no deal can ever be made again while the stock holds cards (too few cards left). */
static int state_dead(const TableObject *t, const State *s) {
    if (t->deal_any || s->dealt >= t->deal_count) return 0;
    int cards = 0;
    for (int i = 0; i < COLUMNS; i++) cards += s->len[i] + s->down[i];
    return cards < COLUMNS;
}

/* Asks the budget (core.Budget) whether it is spent, after telling it the nodes searched. */
static int budget_spent(PyObject *budget, long nodes) {
    PyObject *count = PyLong_FromLong(nodes);
    if (!count || PyObject_SetAttrString(budget, "nodes", count) < 0) {
        Py_XDECREF(count);
        return -1;
    }
    Py_DECREF(count);
    PyObject *answer = PyObject_CallMethod(budget, "spent", NULL);
    if (!answer) return -1;
    int spent = PyObject_IsTrue(answer);
    Py_DECREF(answer);
    return spent;
}

/* beam_search(start, width, budget, exact, patience, per_deal, before_deal)
   -> (line or None, complete, truncated, (score, line) of the best position before a deal, or None) */
static PyObject *Table_beam_search(TableObject *self, PyObject *args) {
    PyObject *start_obj, *width_obj, *budget;
    int exact, patience, per_deal = 0, before_deal = 0;
    if (!PyArg_ParseTuple(args, "OOOpi|pp", &start_obj, &width_obj, &budget, &exact, &patience, &per_deal, &before_deal))
        return NULL;
    long width = -1;
    if (width_obj != Py_None && (width = PyLong_AsLong(width_obj)) < 0) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "a beam has a width of at least 0");
        return NULL;
    }
    PyObject *nodes_obj = PyObject_GetAttrString(budget, "nodes");
    if (!nodes_obj) return NULL;
    long nodes = PyLong_AsLong(nodes_obj);
    Py_DECREF(nodes_obj);
    if (nodes < 0 && PyErr_Occurred()) return NULL;

    State *layer = malloc(sizeof(State)), *next = NULL;
    int32_t *layer_score = malloc(sizeof(int32_t)), *next_score = NULL;
    size_t layer_count = 1;
    Candidate *candidates = NULL, *scratch = NULL;
    size_t candidate_capacity = 0, scratch_capacity = 0;
    KeySet seen = {0}, found = {0};
    Line line = {0};
    PyObject *result = NULL, *won_line = NULL;
    int failed = 0, truncated = 0, out_of_budget = 0;
    if (!layer || !layer_score || keyset_init(&seen, 1024) < 0 || keyset_init(&found, 1024) < 0) goto no_memory;
    if (parse_state(self, start_obj, &layer[0]) < 0) goto done;
    layer_score[0] = state_score(self, &layer[0]);
    keyset_add(&seen, nonzero(state_key(self, &layer[0])));
    int won_score = COLUMNS * self->w_empty;
    int best = layer_score[0], stale = 0;
    /* The best position kept before any deal: its score, depth and index there. */
    int undealt = layer[0].dealt, before_score = INT_MAX;
    size_t before_depth = 0;
    long before_index = -1;
    uint16_t actions[MAX_ACTIONS];
    PyThreadState *thread = PyEval_SaveThread();
    while (layer_count) {
        size_t candidate_count = 0;
        /* The set of this depth's new positions, sized for about as many as the last depth found. */
        if (found.count * 4 > found.mask + 1 || found.mask + 1 > 4 * (found.count + 1024)) {
            size_t expected = found.count;
            free(found.keys);
            if (keyset_init(&found, expected + 1024) < 0) {
                failed = 1;
                break;
            }
        } else {
            memset(found.keys, 0, (found.mask + 1) * sizeof(uint64_t));
            found.count = 0;
        }
        for (size_t parent = 0; parent < layer_count && !failed && !won_line && !out_of_budget; parent++) {
            nodes++;
            if (!(nodes & 255)) {
                PyEval_RestoreThread(thread);
                int spent = budget_spent(budget, nodes);
                thread = PyEval_SaveThread();
                if (spent < 0) failed = 1;
                if (spent) out_of_budget = 1;
                if (spent) break;
            }
            Expansion e;
            expand(self, &layer[parent], &e);
            int n = actions_of(self, &e, exact, actions);
            for (int k = 0; k < n; k++) {
                int score;
                uint64_t key;
                child_measure(self, &e, actions[k], &score, &key);
                key = nonzero(key);
                if (keyset_has(&seen, key)) continue;
                int added = keyset_add(&found, key);
                if (added < 0) {
                    failed = 1;
                    break;
                }
                if (!added) continue;
                if (score == won_score) {
                    State child;
                    child_state(self, &e, actions[k], &child);
                    if (state_won(self, &child)) {
                        PyEval_RestoreThread(thread);
                        won_line = line_to_python(&line, (int)parent, actions[k]);
                        thread = PyEval_SaveThread();
                        if (!won_line) failed = 1;
                        break;
                    }
                }
                if (candidate_count == candidate_capacity) {
                    size_t capacity = candidate_capacity ? candidate_capacity * 2 : 4096;
                    Candidate *bigger = realloc(candidates, capacity * sizeof(Candidate));
                    if (!bigger) {
                        failed = 1;
                        break;
                    }
                    candidates = bigger;
                    candidate_capacity = capacity;
                }
                Candidate *c = &candidates[candidate_count];
                c->key = key;
                c->score = score;
                c->parent = (int32_t)parent;
                c->order = (uint32_t)candidate_count;
                c->action = actions[k];
                c->dealt = (uint8_t)(e.s->dealt + (actions[k] == DEAL));
                candidate_count++;
            }
        }
        if (failed || won_line || out_of_budget) break;
        size_t kept = candidate_count;
        if (width >= 0) {
            long result = per_deal ? keep_per_deal(candidates, candidate_count, (size_t)width, &scratch, &scratch_capacity)
                                   : keep_best(candidates, candidate_count, (size_t)width);
            if (result < 0) {
                failed = 1;
                break;
            }
            if ((size_t)result < candidate_count) truncated = 1;
            kept = (size_t)result;
        }
        if (line.count == line.capacity) {
            size_t capacity = line.capacity ? line.capacity * 2 : 256;
            Depth *bigger = realloc(line.depths, capacity * sizeof(Depth));
            if (!bigger) {
                failed = 1;
                break;
            }
            line.depths = bigger;
            line.capacity = capacity;
        }
        Depth *depth = &line.depths[line.count];
        depth->parent = malloc((kept + 1) * sizeof(int32_t));
        depth->action = malloc((kept + 1) * sizeof(uint16_t));
        next = malloc((kept + 1) * sizeof(State));
        next_score = malloc((kept + 1) * sizeof(int32_t));
        if (!depth->parent || !depth->action || !next || !next_score) {
            free(depth->parent);
            free(depth->action);
            failed = 1;
            break;
        }
        line.count++;
        int top = 0;
        for (size_t k = 0; k < kept; k++) {
            const Candidate *c = &candidates[k];
            Expansion e;
            locate(&layer[c->parent], &e);
            child_state(self, &e, c->action, &next[k]);
            next_score[k] = c->score;
            depth->parent[k] = c->parent;
            depth->action[k] = c->action;
            if (keyset_add(&seen, c->key) < 0) failed = 1;
            if (!k || c->score < top) top = c->score;
            if (before_deal && next[k].dealt == undealt && c->score < before_score && !state_dead(self, &next[k])) {
                before_score = c->score;
                before_depth = line.count - 1;
                before_index = (long)k;
            }
        }
        free(layer);
        free(layer_score);
        layer = next;
        layer_score = next_score;
        next = NULL;
        next_score = NULL;
        layer_count = kept;
        if (failed) break;
        if (kept) {
            if (top < best) {
                best = top;
                stale = 0;
            } else if (++stale > patience && truncated) {
                out_of_budget = 1; /* given up: the beam has stopped improving */
                break;
            }
        }
    }
    PyEval_RestoreThread(thread);
    if (failed) goto no_memory;
    {
        PyObject *count = PyLong_FromLong(nodes);
        if (!count || PyObject_SetAttrString(budget, "nodes", count) < 0) {
            Py_XDECREF(count);
            goto done;
        }
        Py_DECREF(count);
    }
    if (PyErr_Occurred()) goto done;
    PyObject *before;
    if (before_index >= 0) {
        PyObject *before_line = line_to_kept(&line, before_depth, (int)before_index);
        if (!before_line) goto done;
        before = Py_BuildValue("(iN)", before_score, before_line);
        if (!before) goto done;
    } else {
        before = Py_NewRef(Py_None);
    }
    PyObject *complete = (!won_line && !out_of_budget && !truncated && exact) ? Py_True : Py_False;
    PyObject *cut = (won_line || out_of_budget || truncated) ? Py_True : Py_False;
    result = Py_BuildValue("(OOON)", won_line ? won_line : Py_None, complete, cut, before);
    goto done;
no_memory:
    if (!PyErr_Occurred()) PyErr_NoMemory();
done:
    Py_XDECREF(won_line);
    free(layer);
    free(layer_score);
    free(next);
    free(next_score);
    free(candidates);
    free(scratch);
    free(seen.keys);
    free(found.keys);
    line_free(&line);
    return result;
}

/* hint.no_more_moves's search: every position reachable by moves, depth first, until one that makes
   progress (a card turned up or laid open, a run removed, or with a stock left every column filled).
   1: none does; 0: one does, or the search ran out of positions or seconds (never wrongly stuck).

   "None does" must never come from two positions taken for one, so its set of positions seen keeps the
   positions themselves: a hash only finds where to look, and a position counts as seen only when equal to
   one kept there. Keeping them bounds the search by memory rather than by nodes expanded: at most
   max_nodes positions are kept (about 128 bytes each). */
static double seconds_now(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + now.tv_nsec * 1e-9;
}

static int state_equal(const State *a, const State *b) {
    if (a->dealt != b->dealt || memcmp(a->len, b->len, COLUMNS) || memcmp(a->down, b->down, COLUMNS)) return 0;
    int total = 0;
    for (int i = 0; i < COLUMNS; i++) total += a->len[i];
    return memcmp(a->cards, b->cards, total) == 0;
}

/* The positions seen, each kept once, found by hash. */
typedef struct {
    State *states;
    size_t count, capacity;
    uint64_t *keys; /* 0: a free slot */
    uint32_t *place; /* where the slot's position is in states */
    size_t mask;
} Positions;

static int positions_init(Positions *set) {
    set->count = 0;
    set->capacity = 1024;
    set->mask = 2047;
    set->states = malloc(set->capacity * sizeof(State));
    set->keys = calloc(set->mask + 1, sizeof(uint64_t));
    set->place = malloc((set->mask + 1) * sizeof(uint32_t));
    return set->states && set->keys && set->place ? 0 : -1;
}

static void positions_free(Positions *set) {
    free(set->states);
    free(set->keys);
    free(set->place);
}

static int positions_grow(Positions *set) {
    size_t size = (set->mask + 1) * 2;
    uint64_t *keys = calloc(size, sizeof(uint64_t));
    uint32_t *place = malloc(size * sizeof(uint32_t));
    if (!keys || !place) {
        free(keys);
        free(place);
        return -1;
    }
    for (size_t i = 0; i <= set->mask; i++) {
        if (!set->keys[i]) continue;
        size_t k = (size_t)set->keys[i] & (size - 1);
        while (keys[k]) k = (k + 1) & (size - 1);
        keys[k] = set->keys[i];
        place[k] = set->place[i];
    }
    free(set->keys);
    free(set->place);
    set->keys = keys;
    set->place = place;
    set->mask = size - 1;
    return 0;
}

/* 1 if the position is new (kept, its place in *at), 0 if an equal one is kept, -1 out of memory. */
static int positions_add(Positions *set, uint64_t key, const State *s, uint32_t *at) {
    key = nonzero(key);
    size_t i = (size_t)key & set->mask;
    while (set->keys[i]) {
        if (set->keys[i] == key && state_equal(&set->states[set->place[i]], s)) return 0;
        i = (i + 1) & set->mask;
    }
    if (set->count == set->capacity) {
        State *bigger = realloc(set->states, set->capacity * 2 * sizeof(State));
        if (!bigger) return -1;
        set->states = bigger;
        set->capacity *= 2;
    }
    set->states[set->count] = *s;
    set->keys[i] = key;
    set->place[i] = (uint32_t)set->count;
    *at = (uint32_t)set->count++;
    if (set->count * 2 > set->mask + 1 && positions_grow(set) < 0) return -1;
    return 1;
}

static int stuck(TableObject *t, const State *start, int need_filled, long max_nodes, double seconds, uint64_t key_mask) {
    Positions seen;
    size_t capacity = 1024, count = 0;
    uint32_t *stack = malloc(capacity * sizeof(uint32_t)), at;
    if (!stack || positions_init(&seen) < 0) {
        free(stack);
        positions_free(&seen);
        return -1;
    }
    if (positions_add(&seen, state_key(t, start) & key_mask, start, &at) < 0) {
        free(stack);
        positions_free(&seen);
        return -1;
    }
    stack[count++] = at;
    double deadline = seconds_now() + seconds;
    long nodes = 0;
    int answer = 1;
    uint16_t actions[MAX_ACTIONS];
    State state, child;
    while (count && answer == 1) {
        state = seen.states[stack[--count]];
        nodes++;
        if (!(nodes & 255) && seconds_now() > deadline) {
            answer = 0;
            break;
        }
        Expansion e;
        expand(t, &state, &e);
        int n = actions_of(t, &e, 1, actions);
        for (int k = 0; k < n && answer == 1; k++) {
            if (actions[k] == DEAL) continue;
            Move m;
            make_move(t, &e, actions[k], &m);
            /* A card turned up (or an emptied column over face-down cards), or a run removed. */
            int progress = m.turned > 0 || m.dst_len < state.len[m.target] + action_count(actions[k]);
            if (need_filled && !progress) {
                progress = 1;
                for (int i = 0; i < COLUMNS; i++) {
                    int len = i == m.source ? m.src_len : i == m.target ? m.dst_len : state.len[i];
                    if (!len) progress = 0;
                }
            }
            if (progress) {
                answer = 0;
                break;
            }
            uint64_t key = e.key - e.hash[m.source] - e.hash[m.target] +
                           column_hash(m.source, m.src_down, m.src, m.src_len) +
                           column_hash(m.target, m.dst_down, m.dst, m.dst_len);
            move_state(&e, &m, &child);
            int added = positions_add(&seen, key & key_mask, &child, &at);
            if (added < 0) {
                answer = -1;
                break;
            }
            if (!added) continue;
            if ((long)seen.count > max_nodes) {
                answer = 0; /* too many positions to keep: not known to be stuck */
                break;
            }
            if (count == capacity) {
                uint32_t *bigger = realloc(stack, capacity * 2 * sizeof(uint32_t));
                if (!bigger) {
                    answer = -1;
                    break;
                }
                stack = bigger;
                capacity *= 2;
            }
            stack[count++] = at;
        }
    }
    free(stack);
    positions_free(&seen);
    return answer;
}

/* stuck(state, need_filled, max_nodes, seconds, key_bits=64) -> bool; key_bits narrows the hashes (a test
   forces collisions with it, which must not change the answer). */
static PyObject *Table_stuck(TableObject *self, PyObject *args) {
    PyObject *state_obj;
    int need_filled, key_bits = 64;
    long max_nodes;
    double seconds;
    if (!PyArg_ParseTuple(args, "Opld|i", &state_obj, &need_filled, &max_nodes, &seconds, &key_bits)) return NULL;
    if (key_bits < 1 || key_bits > 64) {
        PyErr_SetString(PyExc_ValueError, "key_bits is 1 to 64");
        return NULL;
    }
    uint64_t key_mask = key_bits == 64 ? ~(uint64_t)0 : (((uint64_t)1 << key_bits) - 1);
    State start;
    if (parse_state(self, state_obj, &start) < 0) return NULL;
    int answer;
    Py_BEGIN_ALLOW_THREADS answer = stuck(self, &start, need_filled, max_nodes, seconds, key_mask);
    Py_END_ALLOW_THREADS if (answer < 0) return PyErr_NoMemory();
    return PyBool_FromLong(answer);
}

static PyMethodDef Table_methods[] = {
    {"score", (PyCFunction)Table_score, METH_O, "The score of a state (lower is closer to a win)."},
    {"key", (PyCFunction)Table_key, METH_O, "The 64-bit hash the beam tells states apart by."},
    {"children", (PyCFunction)Table_children, METH_VARARGS, "core.Table.children for this table."},
    {"stuck", (PyCFunction)Table_stuck, METH_VARARGS, "hint.no_more_moves's search over moves from a state."},
    {"beam_search", (PyCFunction)Table_beam_search, METH_VARARGS,
     "One beam pass: (line or None, complete, truncated, before); budget.nodes counts the positions expanded."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject TableType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "spider.solver._core.Table",
    .tp_basicsize = sizeof(TableObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A search table: face-down cards, the stock by deal, the rules and the score's weights.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Table_init,
    .tp_methods = Table_methods,
};

static struct PyModuleDef core_module = {
    PyModuleDef_HEAD_INIT, "_core", "The solver's search core in C; spider.solver.core is its reference.", -1, NULL,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__core(void) {
    if (PyType_Ready(&TableType) < 0) return NULL;
    PyObject *module = PyModule_Create(&core_module);
    if (!module) return NULL;
    Py_INCREF(&TableType);
    if (PyModule_AddObject(module, "Table", (PyObject *)&TableType) < 0) {
        Py_DECREF(&TableType);
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
