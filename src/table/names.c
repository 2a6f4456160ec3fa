/* See cardhall/table.h: seat placeholders in the texts games write for
 * people, filled with the names a front end gives its seats. Games know no
 * names (they are pure rules), so a text says "{P2} plays red 8"; the
 * engine reads that as "Seat 3 plays red 8", the terminal as "You play red
 * 8", the browser as "Alice plays red 8". */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cardhall/table.h"
#include "cardhall/text.h"

const tb_names tb_seat_numbers = {{NULL}, -1};

/* "{P" digits "}" at s: the seat, or -1 when s is not a placeholder. */
static int placeholder(const char *s, size_t *len)
{
    if (s[0] != '{' || s[1] != 'P' || !isdigit((unsigned char)s[2])) return -1;
    int p = s[2] - '0';
    if (s[3] != '}' || p >= CH_MAX_PLAYERS) return -1;
    *len = 4;
    return p;
}

/* The English verb after a subject "you": "plays" -> "play", "is" -> "are".
 * Only the word right after the name; games write one verb per subject. */
static void second_person(const char *w, size_t n, ch_text *t)
{
    static const struct {
        const char *third, *second;
    } irregular[] = {{"is", "are"}, {"has", "have"}, {"does", "do"}, {"was", "were"}};
    for (size_t i = 0; i < sizeof irregular / sizeof irregular[0]; i++)
        if (strlen(irregular[i].third) == n && !strncmp(w, irregular[i].third, n)) {
            ch_text_add(t, "%s", irregular[i].second);
            return;
        }
    size_t keep = n;
    if (n > 3 && !strncmp(w + n - 3, "ies", 3)) {
        ch_text_add(t, "%.*sy", (int)(n - 3), w);
        return;
    }
    if (n > 4 && (!strncmp(w + n - 4, "sses", 4) || !strncmp(w + n - 4, "shes", 4) ||
                  !strncmp(w + n - 4, "ches", 4)))
        keep = n - 2;
    else if (n > 3 && (!strncmp(w + n - 3, "xes", 3) || !strncmp(w + n - 3, "zes", 3)))
        keep = n - 2;
    else if (n > 2 && w[n - 1] == 's' && w[n - 2] != 's' && w[n - 2] != 'u')
        keep = n - 1;
    ch_text_add(t, "%.*s", (int)keep, w);
}

static size_t word_len(const char *w)
{
    size_t n = 0;
    while (isalpha((unsigned char)w[n]) || w[n] == '-')
        n++;
    return n;
}

/* The rest of the clause after "you <verb>": the verbs the same subject
 * goes on with after " and ", " or " or ": " agree too ("You accept the
 * attack and draw 3 cards", "You take the ♠2 bid card: bid 2 in spades").
 * The clause ends at ';', '.' or '('. Returns where the copied text ends. */
static const char *more_verbs(const char *s, ch_text *t)
{
    static const char *const joins[] = {" and ", " or ", ": "};
    while (*s && *s != ';' && *s != '.' && *s != '(' && !(s[0] == '{' && s[1] == 'P')) {
        size_t j = 0, jl = 0;
        for (; j < sizeof joins / sizeof joins[0]; j++)
            if (!strncmp(s, joins[j], jl = strlen(joins[j]))) break;
        if (j < sizeof joins / sizeof joins[0] && islower((unsigned char)s[jl])) {
            ch_text_add(t, "%s", joins[j]);
            size_t n = word_len(s + jl);
            second_person(s + jl, n, t);
            s += jl + n;
            continue;
        }
        ch_text_add(t, "%c", *s++);
    }
    return s;
}

static const char *seat_name(const tb_names *names, int p, ch_lang lang, char *buf, size_t cap)
{
    if (names->seat[p]) return names->seat[p];
    snprintf(buf, cap, lang == CH_LANG_JA ? "席%d" : "Seat %d", p + 1);
    return buf;
}

char *tb_fill(const char *text, const tb_names *names, ch_lang lang)
{
    if (!text) return NULL;
    size_t cap = strlen(text) + 1;
    for (int round = 0; round < 2; round++) {
        char *out = malloc(cap);
        if (!out) return NULL;
        ch_text t;
        ch_text_init(&t, out, cap);
        const char *s = text;
        while (*s) {
            size_t len;
            int p = names ? placeholder(s, &len) : -1;
            if (p < 0) {
                const char *next = strstr(s + 1, "{P");
                size_t run = next ? (size_t)(next - s) : strlen(s);
                ch_text_add(&t, "%.*s", (int)run, s);
                s += run;
                continue;
            }
            char own[32];
            const char *name = seat_name(names, p, lang, own, sizeof own);
            /* A sentence starts with a capital: "You", not "you". */
            int start = s == text || (s - text >= 2 && s[-1] == ' ' && s[-2] == '.');
            s += len;
            int you = p == names->you && lang == CH_LANG_EN;
            if (you && !strncmp(s, "'s", 2)) {
                ch_text_add(&t, start ? "Your" : "your");
                s += 2;
                continue;
            }
            if (start && islower((unsigned char)name[0]))
                ch_text_add(&t, "%c%s", toupper((unsigned char)name[0]), name + 1);
            else
                ch_text_add(&t, "%s", name);
            if (you && s[0] == ' ' && islower((unsigned char)s[1])) {
                size_t n = word_len(s + 1);
                ch_text_add(&t, " ");
                second_person(s + 1, n, &t);
                s += 1 + n;
                s = more_verbs(s, &t);
            }
        }
        if (t.len < cap) return out;
        free(out);
        cap = t.len + 1;
    }
    return NULL;
}

void tb_fill_json(json_t *j, const tb_names *names, ch_lang lang)
{
    if (!names || !j) return;
    if (json_is_string(j)) {
        const char *v = json_string_value(j);
        if (!strstr(v, "{P")) return;
        char *f = tb_fill(v, names, lang);
        if (f) json_string_set(j, f);
        free(f);
    } else if (json_is_array(j)) {
        size_t i;
        json_t *e;
        json_array_foreach(j, i, e) tb_fill_json(e, names, lang);
    } else if (json_is_object(j)) {
        const char *k;
        json_t *e;
        json_object_foreach(j, k, e)
        {
            /* A bilingual text {"en", "ja"} fills each in its own language. */
            ch_lang l = !strcmp(k, "ja") ? CH_LANG_JA : !strcmp(k, "en") ? CH_LANG_EN : lang;
            tb_fill_json(e, names, l);
        }
    }
}

void tb_fill_buf(char *buf, size_t cap, const tb_names *names, ch_lang lang)
{
    if (!names || !cap || !strstr(buf, "{P")) return;
    char *f = tb_fill(buf, names, lang);
    if (f) snprintf(buf, cap, "%s", f);
    free(f);
}
