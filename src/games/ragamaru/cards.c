/* RAGAMARU cards: faces, their codes and names in English and Japanese
 * (read from the card data file into rg_box, cardfile.c), the decks of
 * spec 1.4, and hands kept as masks plus counts. */
#include <assert.h>
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "internal.h"

int rg_face_type(int face)
{
    return rg_type_of(face);
}

int rg_face_colour(int face)
{
    return rg_colour_of(face);
}

int rg_face_number(int face)
{
    return rg_number_of(face);
}

int rg_face_of(int type, int colour, int number)
{
    return rg_face_at(type, colour, number);
}

const char *rg_type_code(int type)
{
    return rg_box.code[type];
}

const char *rg_type_name(int type, ch_lang lang)
{
    return rg_box.type_name[lang][type];
}

const char *rg_colour_name(int colour, ch_lang lang)
{
    return rg_box.colour_name[lang][colour];
}

int rg_in_deck(int deck, int face)
{
    int t = rg_face_type(face);
    int noloop = deck == RG_DECK_ADVANCED_NOLOOP || deck == RG_DECK_BEGINNER_NOLOOP;
    int beginner = deck == RG_DECK_BEGINNER || deck == RG_DECK_BEGINNER_NOLOOP;
    if ((t == RG_LOOP && noloop) || (t == RG_CONV && beginner)) return 0;
    return rg_box.copies[face];
}

int rg_card_text(int face, char *buf, size_t cap)
{
    int t = rg_face_type(face);
    if (t == RG_NUMBER)
        return snprintf(buf, cap, "%s%d", rg_box.colour_code[face % 4], rg_face_number(face));
    if (t < RG_CONV)
        return snprintf(buf, cap, "%s-%s", rg_box.code[t], rg_box.colour_code[face % 4]);
    return snprintf(buf, cap, "%s", rg_box.code[t]);
}

int rg_card_parse(const char *text, int *face)
{
    char t[16];
    size_t n = strlen(text);
    if (n == 0 || n >= sizeof t || rg_cards_ready(NULL) != CH_OK) return CH_EINVAL;
    for (size_t i = 0; i <= n; i++)
        t[i] = (char)toupper((unsigned char)text[i]);
    for (int f = 0; f < RG_NFACES; f++) {
        char code[16];
        rg_card_text(f, code, sizeof code);
        if (strcmp(code, t) == 0) {
            *face = f;
            return CH_OK;
        }
    }
    return CH_EINVAL;
}

int rg_card_name(int face, ch_lang lang, char *buf, size_t cap)
{
    int t = rg_face_type(face), c = rg_face_colour(face), n = rg_face_number(face);
    const char *col = rg_colour_name(c, lang), *name = rg_type_name(t, lang);
    if (lang == CH_LANG_JA) {
        if (t == RG_NUMBER)
            return snprintf(buf, cap, "%sの%d(%s)", col, n, rg_box.position[lang][n]);
        if (c != RG_ANY) return snprintf(buf, cap, "%s(%s)", name, col);
        return snprintf(buf, cap, "%s", name);
    }
    /* As a player says it: "Blue 9 (Scrum-half)", "Drop Goal (yellow)". */
    if (t == RG_NUMBER)
        return snprintf(buf, cap, "%c%s %d (%s)", col[0] >= 'a' && col[0] <= 'z' ? col[0] - 32 : col[0],
                        col + 1, n, rg_box.position[lang][n]);
    if (c != RG_ANY) return snprintf(buf, cap, "%s (%s)", name, col);
    return snprintf(buf, cap, "%s", name);
}

/* ---- Hands ---- */
int rg_hand_count(const rg_hand *h, int face)
{
    return rg_count(h, face);
}

int rg_hand_faces(const rg_hand *h, int *faces)
{
    int k = 0;
    for (int f = 0; f < RG_NFACES; f++)
        for (int c = rg_hand_count(h, f); c > 0; c--)
            faces[k++] = f;
    return k;
}
