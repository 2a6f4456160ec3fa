/* Files and content from outside (issue 11, issue 16): records and card
 * data are read only from regular files, never block, never quote a file's
 * bytes; a UTF-8 byte-order mark is accepted; games take card data only as
 * content, and a record carries it so it replays without the file.
 *
 * Every test that could block (a FIFO, /dev/stdin) runs under an alarm, so
 * a regression fails instead of hanging the suite. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "cardhall/babasuki.h"
#include "cardhall/file.h"
#include "cardhall/match.h"
#include "cardhall/ragamaru.h"
#include "cardhall/registry.h"
#include "cardhall/utf8.h"

#define BOM "\xEF\xBB\xBF"

static char dir[256];

static int make_dir(void **unused)
{
    (void)unused;
    snprintf(dir, sizeof dir, "/tmp/cardhall-test-files-XXXXXX");
    if (!mkdtemp(dir)) return -1;
    alarm(60); /* a blocking open fails the run instead of hanging it */
    return 0;
}

static int remove_dir(void **unused)
{
    (void)unused;
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    alarm(0);
    return system(cmd) == 0 ? 0 : -1;
}

static void path_of(char *buf, size_t cap, const char *name)
{
    snprintf(buf, cap, "%s/%s", dir, name);
}

static void write_file(const char *path, const char *text, size_t len)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(text, 1, len, f), len);
    fclose(f);
}

static void make_fifo(char *path, size_t cap)
{
    path_of(path, cap, "fifo");
    unlink(path);
    assert_int_equal(mkfifo(path, 0600), 0);
}

static void assert_utf8(const char *msg)
{
    assert_int_equal(ch_utf8_valid_prefix(msg, strlen(msg)), strlen(msg));
}

/* ---- Records ---- */

/* {"cmd":"replay","file":"/dev/stdin"} swallowed the engine's own input, a
 * FIFO blocked forever, a directory gave "'[' expected near end of file". */
static void record_load_opens_only_regular_files(void **unused)
{
    (void)unused;
    json_t *rec = NULL;
    ch_err err;
    assert_int_equal(ch_record_load(dir, &rec, &err), CH_EIO);
    assert_non_null(strstr(err.msg, "directory"));
    char fifo[300];
    make_fifo(fifo, sizeof fifo);
    assert_int_equal(ch_record_load(fifo, &rec, &err), CH_EIO);
    assert_non_null(strstr(err.msg, "not a regular file"));
    assert_int_equal(ch_record_load("/dev/null", &rec, &err), CH_EIO);
    assert_non_null(strstr(err.msg, "not a regular file"));
    assert_null(rec);
}

/* Issue 23: only reading is limited to regular files. A record or report
 * may be written to a character device a person names (--record /dev/null);
 * a directory or a FIFO (an open that would block) is still refused. */
static void output_may_be_a_character_device(void **unused)
{
    (void)unused;
    ch_err err;
    assert_int_equal(ch_file_check_writable("/dev/null", "record", &err), CH_OK);
    struct stat sb;
    assert_int_equal(stat("/dev/null", &sb), 0);
    assert_true(S_ISCHR(sb.st_mode)); /* still there, still a device */
    assert_int_equal(ch_file_check_writable(dir, "record", &err), CH_EIO);
    assert_non_null(strstr(err.msg, "is a directory"));
    char fifo[300];
    make_fifo(fifo, sizeof fifo);
    assert_int_equal(ch_file_check_writable(fifo, "record", &err), CH_EIO);
    assert_non_null(strstr(err.msg, "not a regular file or a character device"));
    char path[300];
    path_of(path, sizeof path, "new.json");
    assert_int_equal(ch_file_check_writable(path, "record", &err), CH_OK);
    assert_int_not_equal(access(path, F_OK), 0); /* no new file left behind */
}

/* {"cmd":"replay","file":"/etc/shadow"} answered "... near 'root'". */
static void record_load_never_quotes_the_file(void **unused)
{
    (void)unused;
    char path[300];
    path_of(path, sizeof path, "secret");
    const char *secret = "root:$y$j9T$SeCrEt:19000:0:99999:7:::\n";
    write_file(path, secret, strlen(secret));
    json_t *rec = NULL;
    ch_err err;
    assert_int_equal(ch_record_load(path, &rec, &err), CH_EFORMAT);
    assert_null(strstr(err.msg, "root"));
    assert_null(strstr(err.msg, "SeCrEt"));
    assert_non_null(strstr(err.msg, path)); /* where, and at which line */
    assert_non_null(strstr(err.msg, ":1:"));
    const char *bad = "{\"game\": \"racko\", \"x\": \xff\xfe}";
    write_file(path, bad, strlen(bad));
    assert_int_equal(ch_record_load(path, &rec, &err), CH_EFORMAT);
    assert_null(strstr(err.msg, "0xff"));
    assert_utf8(err.msg);
}

static json_t *small_record(ch_match *m)
{
    const ch_game *g = ch_game_find("racko");
    ch_err err;
    assert_int_equal(ch_match_init(m, g, NULL, 0, 5, NULL, 0, &err), CH_OK);
    for (int i = 0; i < 10; i++) {
        ch_action acts[64];
        g->legal(ch_match_state(m), acts);
        assert_int_equal(ch_match_apply(m, acts[0], &err), CH_OK);
    }
    return ch_match_record(m);
}

/* Records saved by editors that write a byte-order mark load, from a file
 * and as content. */
static void record_with_a_byte_order_mark_is_accepted(void **unused)
{
    (void)unused;
    ch_match m, r;
    json_t *rec = small_record(&m), *back = NULL;
    char *text = json_dumps(rec, 0);
    size_t len = strlen(text);
    char *with_bom = malloc(len + 4);
    assert_non_null(with_bom);
    memcpy(with_bom, BOM, 3);
    memcpy(with_bom + 3, text, len + 1);
    char path[300];
    path_of(path, sizeof path, "bom.json");
    write_file(path, with_bom, len + 3);
    ch_err err;
    assert_int_equal(ch_record_load(path, &back, &err), CH_OK);
    assert_int_equal(ch_match_from_record(&r, m.game, back, &err), CH_OK);
    assert_memory_equal(ch_match_state(&r), ch_match_state(&m), m.game->state_size);
    ch_match_free(&r);
    json_decref(back);
    assert_int_equal(ch_record_parse(with_bom, len + 3, &back, &err), CH_OK);
    assert_true(json_equal(back, rec));
    json_decref(back);
    free(with_bom);
    free(text);
    json_decref(rec);
    ch_match_free(&m);
}

/* Content from a client: the message may quote it, but as valid UTF-8 (a
 * Japanese move typed by a client must not become "????" or broken bytes). */
static void record_parse_errors_are_valid_utf8(void **unused)
{
    (void)unused;
    json_t *rec = NULL;
    ch_err err;
    const char *bad = "{\"actions\": [\xe3\x81\x82\xe3\x81]}";
    assert_int_equal(ch_record_parse(bad, strlen(bad), &rec, &err), CH_EFORMAT);
    assert_utf8(err.msg);
    assert_non_null(strstr(err.msg, "line 1"));
    const char *ja = "{\"actions\": [ドロー]}";
    assert_int_equal(ch_record_parse(ja, strlen(ja), &rec, &err), CH_EFORMAT);
    assert_utf8(err.msg);
    assert_int_equal(ch_record_parse("", 0, &rec, &err), CH_EFORMAT);
    assert_null(rec);
}

/* ---- Draft Babasuki's card file (DB §1.4, DB-T23) ---- */

static void read_source(const char *rel, char **text, size_t *len)
{
    char path[512];
    const char *root = getenv("CH_SOURCE_DIR");
    snprintf(path, sizeof path, "%s/%s", root ? root : ".", rel);
    ch_err err;
    if (ch_file_read(path, CH_OPT_DATA_MAX, text, len, &err) != CH_OK) fail_msg("%s", err.msg);
}

/* DB §1.4 "plain UTF-8 text": a spreadsheet's byte-order mark is part of
 * UTF-8 text as saved, so the default deck with one parses to the same. */
static void babasuki_card_data_accepts_a_byte_order_mark(void **unused)
{
    (void)unused;
    const char *def = db_default_csv();
    size_t len = strlen(def);
    char *text = malloc(len + 4);
    assert_non_null(text);
    memcpy(text, BOM, 3);
    memcpy(text + 3, def, len + 1);
    db_deck a, b;
    ch_err err;
    assert_int_equal(db_cards_parse(def, len, 0, &a, &err), CH_OK);
    assert_int_equal(db_cards_parse(text, len + 3, 0, &b, &err), CH_OK);
    assert_memory_equal(&a, &b, sizeof a);
    free(text);
}

/* DB §1.4, DB-T23: bytes that are not UTF-8 are refused with their line
 * (names are shown to players); so is a NUL byte in content. */
static void babasuki_card_data_must_be_utf8(void **unused)
{
    (void)unused;
    const char *def = db_default_csv();
    size_t len = strlen(def);
    char *text = malloc(len + 1);
    assert_non_null(text);
    memcpy(text, def, len + 1);
    /* The first card line's last byte (its name) becomes Latin-1 'é'. */
    int line = 0;
    char *p = text;
    for (;;) {
        char *eol = strchr(p, '\n');
        assert_non_null(eol);
        line++;
        if (p[0] != '#' && p[0] != '\n' && strncmp(p, "no,", 3) != 0) {
            eol[-1] = '\xe9';
            break;
        }
        p = eol + 1;
    }
    db_deck d;
    ch_err err;
    assert_int_equal(db_cards_parse(text, len, 0, &d, &err), CH_EFORMAT);
    char want[32];
    snprintf(want, sizeof want, "line %d ", line);
    if (!strstr(err.msg, want)) fail_msg("'%s' does not name %s", err.msg, want);
    assert_non_null(strstr(err.msg, "UTF-8"));
    assert_utf8(err.msg);
    memcpy(text, def, len + 1);
    p[0] = '\0'; /* the same line starts with a NUL byte */
    assert_int_equal(db_cards_parse(text, len, 0, &d, &err), CH_EFORMAT);
    if (!strstr(err.msg, want)) fail_msg("'%s' does not name %s", err.msg, want);
    free(text);
}

/* An empty file (or one with only a byte-order mark or blank lines) says
 * so, not "line 0". */
static void babasuki_empty_card_file_says_so(void **unused)
{
    (void)unused;
    const char *empty[] = {"", BOM, "\n\n  \n", BOM "\r\n"};
    db_deck d;
    ch_err err;
    for (size_t i = 0; i < sizeof empty / sizeof empty[0]; i++) {
        assert_int_equal(db_cards_parse(empty[i], strlen(empty[i]), 0, &d, &err), CH_EFORMAT);
        assert_non_null(strstr(err.msg, "empty"));
        assert_null(strstr(err.msg, "line 0"));
    }
}

/* A game does no I/O: setup takes the card data as content only. A path
 * with no content is a clear error at once — a FIFO given as cards= used to
 * block setup forever, /dev/stdin swallowed the engine's input. */
static void babasuki_setup_reads_no_file(void **unused)
{
    (void)unused;
    char fifo[300], kv[400];
    make_fifo(fifo, sizeof fifo);
    snprintf(kv, sizeof kv, "cards=%s", fifo);
    const char *kvs[] = {"players=3", kv};
    ch_opts o;
    ch_err err;
    assert_int_equal(ch_opts_parse(&o, db_game.opts, db_game.n_opts, kvs, 2, &err), CH_OK);
    db_state s;
    assert_int_equal(db_game.setup(&s, &o, 1, NULL, 0, &err), CH_EINVAL);
    assert_non_null(strstr(err.msg, "content"));
    /* The content wins over the label; the label names it in messages. */
    o.data[DB_OPT_CARDS] = db_default_csv();
    o.data_len[DB_OPT_CARDS] = strlen(db_default_csv());
    assert_int_equal(db_game.setup(&s, &o, 1, NULL, 0, &err), CH_OK);
    o.data[DB_OPT_CARDS] = "no,type,suits,secured,hand,name\n1,X,A,1,1,x\n";
    o.data_len[DB_OPT_CARDS] = strlen(o.data[DB_OPT_CARDS]);
    assert_int_equal(db_game.setup(&s, &o, 1, NULL, 0, &err), CH_EFORMAT);
    assert_non_null(strstr(err.msg, "line 2"));
    assert_non_null(strstr(err.msg, fifo));
}

/* What a local front end does with cards=PATH: ch_opts_read_files opens
 * only regular files and never blocks. */
static void local_front_end_reads_only_regular_card_files(void **unused)
{
    (void)unused;
    char fifo[300], kv[400];
    make_fifo(fifo, sizeof fifo);
    const char *bad[] = {fifo, "/dev/zero", dir};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        snprintf(kv, sizeof kv, "cards=%s", bad[i]);
        const char *kvs[] = {kv};
        ch_opts o;
        ch_err err;
        assert_int_equal(ch_opts_parse(&o, db_game.opts, db_game.n_opts, kvs, 1, &err), CH_OK);
        assert_int_equal(ch_opts_read_files(&o, db_game.opts, db_game.n_opts, &err), CH_EIO);
        assert_non_null(strstr(err.msg, "cards"));
        assert_true(strstr(err.msg, "not a regular file") || strstr(err.msg, "directory"));
        assert_null(o.data[DB_OPT_CARDS]);
        ch_match m;
        assert_int_equal(ch_match_init(&m, &db_game, kvs, 1, 1, NULL, 0, &err), CH_EIO);
    }
}

/* A record made with a card file carries its content, so it replays where
 * the file is not (another machine, or after it changed); the options keep
 * only the file's name, no path of this machine. */
static void record_carries_the_card_data(void **unused)
{
    (void)unused;
    char *text;
    size_t len;
    read_source("tests/data/babasuki/relaxed.csv", &text, &len);
    char path[300], kv[400];
    path_of(path, sizeof path, "my deck.csv");
    write_file(path, text, len);
    snprintf(kv, sizeof kv, "cards=%s", path);
    const char *kvs[] = {"players=3", kv, "relaxed=true"};
    ch_match m, r;
    ch_err err;
    assert_int_equal(ch_match_init(&m, &db_game, kvs, 3, 9, NULL, 0, &err), CH_OK);
    for (int i = 0; i < 40 && db_game.to_move(ch_match_state(&m)) != CH_TERMINAL; i++) {
        ch_action acts[256];
        assert_true(db_game.max_actions <= 256);
        db_game.legal(ch_match_state(&m), acts);
        assert_int_equal(ch_match_apply(&m, acts[0], &err), CH_OK);
    }
    json_t *rec = ch_match_record(&m);
    unlink(path); /* the file is gone: the record still replays */
    assert_string_equal(
        json_string_value(json_object_get(json_object_get(rec, "options"), "cards")),
        "my deck.csv");
    const json_t *data = json_object_get(json_object_get(rec, "data"), "cards");
    assert_int_equal(json_string_length(data), len);
    assert_memory_equal(json_string_value(data), text, len);
    char *dump = json_dumps(rec, 0);
    json_t *back;
    assert_int_equal(ch_record_parse(dump, strlen(dump), &back, &err), CH_OK);
    assert_int_equal(ch_match_from_record(&r, &db_game, back, &err), CH_OK);
    assert_memory_equal(ch_match_state(&r), ch_match_state(&m), db_game.state_size);
    const db_state *s = ch_match_state(&r);
    assert_int_equal(s->card[13].type, DB_TREASURE); /* the relaxed deck, not the default */
    ch_match_free(&r);
    json_decref(back);
    /* Without its data, a record that names a card file does not replay,
     * and nothing is opened: the name is a FIFO here. */
    char fifo[300];
    make_fifo(fifo, sizeof fifo);
    json_object_del(rec, "data");
    json_object_set_new(json_object_get(rec, "options"), "cards", json_string(fifo));
    assert_int_equal(ch_match_from_record(&r, &db_game, rec, &err), CH_EINVAL);
    assert_non_null(strstr(err.msg, "content"));
    /* Data for an option that takes none is refused. */
    json_object_set_new(rec, "data", json_pack("{s:s}", "players", "4"));
    assert_int_equal(ch_match_from_record(&r, &db_game, rec, &err), CH_EFORMAT);
    free(dump);
    json_decref(rec);
    free(text);
    ch_match_free(&m);
}

/* ---- RAGAMARU's card data (spec 1.3) ---- */

static void ragamaru_card_data_bom_utf8_and_empty(void **unused)
{
    (void)unused;
    const char *csv = rg_cards_csv();
    size_t len = strlen(csv);
    char *text = malloc(len + 4);
    assert_non_null(text);
    memcpy(text, BOM, 3);
    memcpy(text + 3, csv, len + 1);
    static rg_cards a;
    ch_err err;
    assert_int_equal(rg_cards_parse(text, &a, &err), CH_OK);
    assert_memory_equal(&a, rg_cards_builtin(&err), sizeof a);
    /* A Latin-1 byte in a name on line 2 (the first line after the header). */
    memcpy(text, csv, len + 1);
    char *nl = strchr(strchr(text, '\n') + 1, '\n');
    assert_non_null(nl);
    nl[-1] = '\xe9';
    int line = 1;
    for (const char *c = text; c < nl; c++)
        line += *c == '\n';
    assert_int_equal(rg_cards_parse(text, &a, &err), CH_EINVAL);
    char want[32];
    snprintf(want, sizeof want, "line %d:", line);
    if (!strstr(err.msg, want)) fail_msg("'%s' does not name %s", err.msg, want);
    assert_non_null(strstr(err.msg, "UTF-8"));
    assert_int_equal(rg_cards_parse("", &a, &err), CH_EINVAL);
    assert_non_null(strstr(err.msg, "empty"));
    assert_null(strstr(err.msg, "line 0"));
    free(text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(record_load_opens_only_regular_files),
        cmocka_unit_test(record_load_never_quotes_the_file),
        cmocka_unit_test(output_may_be_a_character_device),
        cmocka_unit_test(record_with_a_byte_order_mark_is_accepted),
        cmocka_unit_test(record_parse_errors_are_valid_utf8),
        cmocka_unit_test(babasuki_card_data_accepts_a_byte_order_mark),
        cmocka_unit_test(babasuki_card_data_must_be_utf8),
        cmocka_unit_test(babasuki_empty_card_file_says_so),
        cmocka_unit_test(babasuki_setup_reads_no_file),
        cmocka_unit_test(local_front_end_reads_only_regular_card_files),
        cmocka_unit_test(record_carries_the_card_data),
        cmocka_unit_test(ragamaru_card_data_bom_utf8_and_empty),
    };
    return cmocka_run_group_tests(tests, make_dir, remove_dir);
}
