/* Made by Tools/make_lazy_shims.py: do not edit. Each ct_NAME calls cairo's NAME, found in
   the library the first time (see the script for why). */
#ifndef CURVETYPE_CCAIRO_FUNCTIONS_H
#define CURVETYPE_CCAIRO_FUNCTIONS_H
#include <dlfcn.h>

#ifdef CURVETYPE_STATIC_CAIRO
/* Linked into the program (make release): each ct_NAME is cairo's NAME. */
cairo_font_face_t *cairo_ft_font_face_create_for_ft_face(void *face, int load_flags);
static inline void ct_cairo_arc(cairo_t *cr, double xc, double yc, double radius, double angle1, double angle2) { cairo_arc(cr, xc, yc, radius, angle1, angle2); }
static inline void ct_cairo_clip(cairo_t *cr) { cairo_clip(cr); }
static inline void ct_cairo_clip_extents(cairo_t *cr, double *x1, double *y1, double *x2, double *y2) { cairo_clip_extents(cr, x1, y1, x2, y2); }
static inline void ct_cairo_close_path(cairo_t *cr) { cairo_close_path(cr); }
static inline cairo_t * ct_cairo_create(cairo_surface_t *target) { return cairo_create(target); }
static inline void ct_cairo_curve_to(cairo_t *cr, double x1, double y1, double x2, double y2, double x3, double y3) { cairo_curve_to(cr, x1, y1, x2, y2, x3, y3); }
static inline void ct_cairo_destroy(cairo_t *cr) { cairo_destroy(cr); }
static inline void ct_cairo_fill(cairo_t *cr) { cairo_fill(cr); }
static inline void ct_cairo_fill_extents(cairo_t *cr, double *x1, double *y1, double *x2, double *y2) { cairo_fill_extents(cr, x1, y1, x2, y2); }
static inline void ct_cairo_fill_preserve(cairo_t *cr) { cairo_fill_preserve(cr); }
static inline void ct_cairo_font_face_destroy(cairo_font_face_t *font_face) { cairo_font_face_destroy(font_face); }
static inline cairo_status_t ct_cairo_font_face_set_user_data(cairo_font_face_t *font_face, const cairo_user_data_key_t *key, void *user_data, cairo_destroy_func_t destroy) { return cairo_font_face_set_user_data(font_face, key, user_data, destroy); }
static inline cairo_status_t ct_cairo_font_face_status(cairo_font_face_t *font_face) { return cairo_font_face_status(font_face); }
static inline cairo_font_options_t * ct_cairo_font_options_create(void) { return cairo_font_options_create(); }
static inline void ct_cairo_font_options_destroy(cairo_font_options_t *options) { cairo_font_options_destroy(options); }
static inline void ct_cairo_font_options_set_hint_metrics(cairo_font_options_t *options, cairo_hint_metrics_t hint_metrics) { cairo_font_options_set_hint_metrics(options, hint_metrics); }
static inline void ct_cairo_font_options_set_hint_style(cairo_font_options_t *options, cairo_hint_style_t hint_style) { cairo_font_options_set_hint_style(options, hint_style); }
static inline cairo_font_face_t * ct_cairo_ft_font_face_create_for_ft_face(void *face, int load_flags) { return cairo_ft_font_face_create_for_ft_face(face, load_flags); }
static inline void ct_cairo_get_matrix(cairo_t *cr, cairo_matrix_t *matrix) { cairo_get_matrix(cr, matrix); }
static inline cairo_pattern_t * ct_cairo_get_source(cairo_t *cr) { return cairo_get_source(cr); }
static inline cairo_surface_t * ct_cairo_image_surface_create(cairo_format_t format, int width, int height) { return cairo_image_surface_create(format, width, height); }
static inline cairo_surface_t * ct_cairo_image_surface_create_from_png_stream(cairo_read_func_t read_func, void *closure) { return cairo_image_surface_create_from_png_stream(read_func, closure); }
static inline unsigned char * ct_cairo_image_surface_get_data(cairo_surface_t *surface) { return cairo_image_surface_get_data(surface); }
static inline cairo_format_t ct_cairo_image_surface_get_format(cairo_surface_t *surface) { return cairo_image_surface_get_format(surface); }
static inline int ct_cairo_image_surface_get_height(cairo_surface_t *surface) { return cairo_image_surface_get_height(surface); }
static inline int ct_cairo_image_surface_get_stride(cairo_surface_t *surface) { return cairo_image_surface_get_stride(surface); }
static inline int ct_cairo_image_surface_get_width(cairo_surface_t *surface) { return cairo_image_surface_get_width(surface); }
static inline void ct_cairo_line_to(cairo_t *cr, double x, double y) { cairo_line_to(cr, x, y); }
static inline void ct_cairo_mask(cairo_t *cr, cairo_pattern_t *pattern) { cairo_mask(cr, pattern); }
static inline void ct_cairo_mesh_pattern_begin_patch(cairo_pattern_t *pattern) { cairo_mesh_pattern_begin_patch(pattern); }
static inline void ct_cairo_mesh_pattern_curve_to(cairo_pattern_t *pattern, double x1, double y1, double x2, double y2, double x3, double y3) { cairo_mesh_pattern_curve_to(pattern, x1, y1, x2, y2, x3, y3); }
static inline void ct_cairo_mesh_pattern_end_patch(cairo_pattern_t *pattern) { cairo_mesh_pattern_end_patch(pattern); }
static inline void ct_cairo_mesh_pattern_line_to(cairo_pattern_t *pattern, double x, double y) { cairo_mesh_pattern_line_to(pattern, x, y); }
static inline void ct_cairo_mesh_pattern_move_to(cairo_pattern_t *pattern, double x, double y) { cairo_mesh_pattern_move_to(pattern, x, y); }
static inline void ct_cairo_mesh_pattern_set_corner_color_rgba(cairo_pattern_t *pattern, unsigned int corner_num, double red, double green, double blue, double alpha) { cairo_mesh_pattern_set_corner_color_rgba(pattern, corner_num, red, green, blue, alpha); }
static inline void ct_cairo_move_to(cairo_t *cr, double x, double y) { cairo_move_to(cr, x, y); }
static inline void ct_cairo_new_path(cairo_t *cr) { cairo_new_path(cr); }
static inline void ct_cairo_new_sub_path(cairo_t *cr) { cairo_new_sub_path(cr); }
static inline void ct_cairo_paint(cairo_t *cr) { cairo_paint(cr); }
static inline void ct_cairo_paint_with_alpha(cairo_t *cr, double alpha) { cairo_paint_with_alpha(cr, alpha); }
static inline void ct_cairo_pattern_add_color_stop_rgba(cairo_pattern_t *pattern, double offset, double red, double green, double blue, double alpha) { cairo_pattern_add_color_stop_rgba(pattern, offset, red, green, blue, alpha); }
static inline cairo_pattern_t * ct_cairo_pattern_create_linear(double x0, double y0, double x1, double y1) { return cairo_pattern_create_linear(x0, y0, x1, y1); }
static inline cairo_pattern_t * ct_cairo_pattern_create_mesh(void) { return cairo_pattern_create_mesh(); }
static inline cairo_pattern_t * ct_cairo_pattern_create_radial(double cx0, double cy0, double radius0, double cx1, double cy1, double radius1) { return cairo_pattern_create_radial(cx0, cy0, radius0, cx1, cy1, radius1); }
static inline void ct_cairo_pattern_destroy(cairo_pattern_t *pattern) { cairo_pattern_destroy(pattern); }
static inline cairo_pattern_t * ct_cairo_pattern_reference(cairo_pattern_t *pattern) { return cairo_pattern_reference(pattern); }
static inline void ct_cairo_pattern_set_extend(cairo_pattern_t *pattern, cairo_extend_t extend) { cairo_pattern_set_extend(pattern, extend); }
static inline void ct_cairo_pattern_set_filter(cairo_pattern_t *pattern, cairo_filter_t filter) { cairo_pattern_set_filter(pattern, filter); }
static inline void ct_cairo_pattern_set_matrix(cairo_pattern_t *pattern, const cairo_matrix_t *matrix) { cairo_pattern_set_matrix(pattern, matrix); }
static inline cairo_surface_t * ct_cairo_pdf_surface_create_for_stream(cairo_write_func_t write_func, void *closure, double width_in_points, double height_in_points) { return cairo_pdf_surface_create_for_stream(write_func, closure, width_in_points, height_in_points); }
static inline void ct_cairo_pdf_surface_set_metadata(cairo_surface_t *surface, cairo_pdf_metadata_t metadata, const char *utf8) { cairo_pdf_surface_set_metadata(surface, metadata, utf8); }
static inline void ct_cairo_pdf_surface_set_size(cairo_surface_t *surface, double width_in_points, double height_in_points) { cairo_pdf_surface_set_size(surface, width_in_points, height_in_points); }
static inline cairo_pattern_t * ct_cairo_pop_group(cairo_t *cr) { return cairo_pop_group(cr); }
static inline void ct_cairo_pop_group_to_source(cairo_t *cr) { cairo_pop_group_to_source(cr); }
static inline void ct_cairo_push_group(cairo_t *cr) { cairo_push_group(cr); }
static inline void ct_cairo_rectangle(cairo_t *cr, double x, double y, double width, double height) { cairo_rectangle(cr, x, y, width, height); }
static inline void ct_cairo_restore(cairo_t *cr) { cairo_restore(cr); }
static inline void ct_cairo_rotate(cairo_t *cr, double angle) { cairo_rotate(cr, angle); }
static inline void ct_cairo_save(cairo_t *cr) { cairo_save(cr); }
static inline void ct_cairo_scale(cairo_t *cr, double sx, double sy) { cairo_scale(cr, sx, sy); }
static inline void ct_cairo_set_antialias(cairo_t *cr, cairo_antialias_t antialias) { cairo_set_antialias(cr, antialias); }
static inline void ct_cairo_set_dash(cairo_t *cr, const double *dashes, int num_dashes, double offset) { cairo_set_dash(cr, dashes, num_dashes, offset); }
static inline void ct_cairo_set_fill_rule(cairo_t *cr, cairo_fill_rule_t fill_rule) { cairo_set_fill_rule(cr, fill_rule); }
static inline void ct_cairo_set_font_face(cairo_t *cr, cairo_font_face_t *font_face) { cairo_set_font_face(cr, font_face); }
static inline void ct_cairo_set_font_matrix(cairo_t *cr, const cairo_matrix_t *matrix) { cairo_set_font_matrix(cr, matrix); }
static inline void ct_cairo_set_font_options(cairo_t *cr, const cairo_font_options_t *options) { cairo_set_font_options(cr, options); }
static inline void ct_cairo_set_line_cap(cairo_t *cr, cairo_line_cap_t line_cap) { cairo_set_line_cap(cr, line_cap); }
static inline void ct_cairo_set_line_join(cairo_t *cr, cairo_line_join_t line_join) { cairo_set_line_join(cr, line_join); }
static inline void ct_cairo_set_line_width(cairo_t *cr, double width) { cairo_set_line_width(cr, width); }
static inline void ct_cairo_set_matrix(cairo_t *cr, const cairo_matrix_t *matrix) { cairo_set_matrix(cr, matrix); }
static inline void ct_cairo_set_miter_limit(cairo_t *cr, double limit) { cairo_set_miter_limit(cr, limit); }
static inline void ct_cairo_set_operator(cairo_t *cr, cairo_operator_t op) { cairo_set_operator(cr, op); }
static inline void ct_cairo_set_source(cairo_t *cr, cairo_pattern_t *source) { cairo_set_source(cr, source); }
static inline void ct_cairo_set_source_rgba(cairo_t *cr, double red, double green, double blue, double alpha) { cairo_set_source_rgba(cr, red, green, blue, alpha); }
static inline void ct_cairo_set_source_surface(cairo_t *cr, cairo_surface_t *surface, double x, double y) { cairo_set_source_surface(cr, surface, x, y); }
static inline void ct_cairo_show_glyphs(cairo_t *cr, const cairo_glyph_t *glyphs, int num_glyphs) { cairo_show_glyphs(cr, glyphs, num_glyphs); }
static inline void ct_cairo_show_text_glyphs(cairo_t *cr, const char *utf8, int utf8_len, const cairo_glyph_t *glyphs, int num_glyphs, const cairo_text_cluster_t *clusters, int num_clusters, cairo_text_cluster_flags_t cluster_flags) { cairo_show_text_glyphs(cr, utf8, utf8_len, glyphs, num_glyphs, clusters, num_clusters, cluster_flags); }
static inline cairo_status_t ct_cairo_status(cairo_t *cr) { return cairo_status(cr); }
static inline const char * ct_cairo_status_to_string(cairo_status_t status) { return cairo_status_to_string(status); }
static inline void ct_cairo_stroke_extents(cairo_t *cr, double *x1, double *y1, double *x2, double *y2) { cairo_stroke_extents(cr, x1, y1, x2, y2); }
static inline void ct_cairo_stroke_preserve(cairo_t *cr) { cairo_stroke_preserve(cr); }
static inline void ct_cairo_surface_destroy(cairo_surface_t *surface) { cairo_surface_destroy(surface); }
static inline void ct_cairo_surface_finish(cairo_surface_t *surface) { cairo_surface_finish(surface); }
static inline void ct_cairo_surface_flush(cairo_surface_t *surface) { cairo_surface_flush(surface); }
static inline void ct_cairo_surface_show_page(cairo_surface_t *surface) { cairo_surface_show_page(surface); }
static inline cairo_status_t ct_cairo_surface_status(cairo_surface_t *surface) { return cairo_surface_status(surface); }
static inline void ct_cairo_transform(cairo_t *cr, const cairo_matrix_t *matrix) { cairo_transform(cr, matrix); }
static inline void ct_cairo_translate(cairo_t *cr, double tx, double ty) { cairo_translate(cr, tx, ty); }
static inline void ct_cairo_user_to_device(cairo_t *cr, double *x, double *y) { cairo_user_to_device(cr, x, y); }
#else

/* libcairo.so.2, opened once; NULL if it cannot be. */
static inline void *curvetype_cairo_library(void) {
    static void *handle;
    static int tried;
    void *h = __atomic_load_n(&handle, __ATOMIC_ACQUIRE);
    if (h || __atomic_load_n(&tried, __ATOMIC_ACQUIRE)) return h;
    h = dlopen("libcairo.so.2", RTLD_LAZY | RTLD_LOCAL);
    __atomic_store_n(&handle, h, __ATOMIC_RELEASE);
    __atomic_store_n(&tried, 1, __ATOMIC_RELEASE);
    return h;
}

static inline void *curvetype_cairo_symbol(const char *name) {
    void *h = curvetype_cairo_library();
    return h ? dlsym(h, name) : NULL;
}

typedef void (*cairo_arc_fn)(cairo_t *cr, double xc, double yc, double radius, double angle1, double angle2);
static inline void ct_cairo_arc(cairo_t *cr, double xc, double yc, double radius, double angle1, double angle2) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_cairo_symbol("cairo_arc"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    ((cairo_arc_fn)f)(cr, xc, yc, radius, angle1, angle2);
}
typedef void (*cairo_clip_fn)(cairo_t *cr);
static inline void ct_cairo_clip(cairo_t *cr) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_cairo_symbol("cairo_clip"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    ((cairo_clip_fn)f)(cr);
}
typedef void (*cairo_clip_extents_fn)(cairo_t *cr, double *x1, double *y1, double *x2, double *y2);
static inline void ct_cairo_clip_extents(cairo_t *cr, double *x1, double *y1, double *x2, double *y2) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_cairo_symbol("cairo_clip_extents"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    ((cairo_clip_extents_fn)f)(cr, x1, y1, x2, y2);
}
typedef void (*cairo_close_path_fn)(cairo_t *cr);
static inline void ct_cairo_close_path(cairo_t *cr) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_cairo_symbol("cairo_close_path"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    ((cairo_close_path_fn)f)(cr);
}
typedef cairo_t * (*cairo_create_fn)(cairo_surface_t *target);
static inline cairo_t * ct_cairo_create(cairo_surface_t *target) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_cairo_symbol("cairo_create"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    return ((cairo_create_fn)f)(target);
}
typedef void (*cairo_curve_to_fn)(cairo_t *cr, double x1, double y1, double x2, double y2, double x3, double y3);
static inline void ct_cairo_curve_to(cairo_t *cr, double x1, double y1, double x2, double y2, double x3, double y3) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_cairo_symbol("cairo_curve_to"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    ((cairo_curve_to_fn)f)(cr, x1, y1, x2, y2, x3, y3);
}
typedef void (*cairo_destroy_fn)(cairo_t *cr);
static inline void ct_cairo_destroy(cairo_t *cr) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_cairo_symbol("cairo_destroy"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    ((cairo_destroy_fn)f)(cr);
}
typedef void (*cairo_fill_fn)(cairo_t *cr);
static inline void ct_cairo_fill(cairo_t *cr) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_cairo_symbol("cairo_fill"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    ((cairo_fill_fn)f)(cr);
}
typedef void (*cairo_fill_extents_fn)(cairo_t *cr, double *x1, double *y1, double *x2, double *y2);
static inline void ct_cairo_fill_extents(cairo_t *cr, double *x1, double *y1, double *x2, double *y2) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_cairo_symbol("cairo_fill_extents"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    ((cairo_fill_extents_fn)f)(cr, x1, y1, x2, y2);
}
typedef void (*cairo_fill_preserve_fn)(cairo_t *cr);
static inline void ct_cairo_fill_preserve(cairo_t *cr) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_cairo_symbol("cairo_fill_preserve"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    ((cairo_fill_preserve_fn)f)(cr);
}
typedef void (*cairo_font_face_destroy_fn)(cairo_font_face_t *font_face);
static inline void ct_cairo_font_face_destroy(cairo_font_face_t *font_face) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_cairo_symbol("cairo_font_face_destroy"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    ((cairo_font_face_destroy_fn)f)(font_face);
}
typedef cairo_status_t (*cairo_font_face_set_user_data_fn)(cairo_font_face_t *font_face, const cairo_user_data_key_t *key, void *user_data, cairo_destroy_func_t destroy);
static inline cairo_status_t ct_cairo_font_face_set_user_data(cairo_font_face_t *font_face, const cairo_user_data_key_t *key, void *user_data, cairo_destroy_func_t destroy) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_cairo_symbol("cairo_font_face_set_user_data"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    return ((cairo_font_face_set_user_data_fn)f)(font_face, key, user_data, destroy);
}
typedef cairo_status_t (*cairo_font_face_status_fn)(cairo_font_face_t *font_face);
static inline cairo_status_t ct_cairo_font_face_status(cairo_font_face_t *font_face) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_cairo_symbol("cairo_font_face_status"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    return ((cairo_font_face_status_fn)f)(font_face);
}
typedef cairo_font_options_t * (*cairo_font_options_create_fn)(void);
static inline cairo_font_options_t * ct_cairo_font_options_create(void) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_cairo_symbol("cairo_font_options_create"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    return ((cairo_font_options_create_fn)f)();
}
typedef void (*cairo_font_options_destroy_fn)(cairo_font_options_t *options);
static inline void ct_cairo_font_options_destroy(cairo_font_options_t *options) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_cairo_symbol("cairo_font_options_destroy"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    ((cairo_font_options_destroy_fn)f)(options);
}
typedef void (*cairo_font_options_set_hint_metrics_fn)(cairo_font_options_t *options, cairo_hint_metrics_t hint_metrics);
static inline void ct_cairo_font_options_set_hint_metrics(cairo_font_options_t *options, cairo_hint_metrics_t hint_metrics) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_cairo_symbol("cairo_font_options_set_hint_metrics"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    ((cairo_font_options_set_hint_metrics_fn)f)(options, hint_metrics);
}
typedef void (*cairo_font_options_set_hint_style_fn)(cairo_font_options_t *options, cairo_hint_style_t hint_style);
static inline void ct_cairo_font_options_set_hint_style(cairo_font_options_t *options, cairo_hint_style_t hint_style) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_cairo_symbol("cairo_font_options_set_hint_style"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    ((cairo_font_options_set_hint_style_fn)f)(options, hint_style);
}
typedef cairo_font_face_t * (*cairo_ft_font_face_create_for_ft_face_fn)(void *face, int load_flags);
static inline cairo_font_face_t * ct_cairo_ft_font_face_create_for_ft_face(void *face, int load_flags) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_cairo_symbol("cairo_ft_font_face_create_for_ft_face"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    return ((cairo_ft_font_face_create_for_ft_face_fn)f)(face, load_flags);
}
typedef void (*cairo_get_matrix_fn)(cairo_t *cr, cairo_matrix_t *matrix);
static inline void ct_cairo_get_matrix(cairo_t *cr, cairo_matrix_t *matrix) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_cairo_symbol("cairo_get_matrix"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    ((cairo_get_matrix_fn)f)(cr, matrix);
}
typedef cairo_pattern_t * (*cairo_get_source_fn)(cairo_t *cr);
static inline cairo_pattern_t * ct_cairo_get_source(cairo_t *cr) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_cairo_symbol("cairo_get_source"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    return ((cairo_get_source_fn)f)(cr);
}
typedef cairo_surface_t * (*cairo_image_surface_create_fn)(cairo_format_t format, int width, int height);
static inline cairo_surface_t * ct_cairo_image_surface_create(cairo_format_t format, int width, int height) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_cairo_symbol("cairo_image_surface_create"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    return ((cairo_image_surface_create_fn)f)(format, width, height);
}
typedef cairo_surface_t * (*cairo_image_surface_create_from_png_stream_fn)(cairo_read_func_t read_func, void *closure);
static inline cairo_surface_t * ct_cairo_image_surface_create_from_png_stream(cairo_read_func_t read_func, void *closure) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_cairo_symbol("cairo_image_surface_create_from_png_stream"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    return ((cairo_image_surface_create_from_png_stream_fn)f)(read_func, closure);
}
typedef unsigned char * (*cairo_image_surface_get_data_fn)(cairo_surface_t *surface);
static inline unsigned char * ct_cairo_image_surface_get_data(cairo_surface_t *surface) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_cairo_symbol("cairo_image_surface_get_data"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    return ((cairo_image_surface_get_data_fn)f)(surface);
}
typedef cairo_format_t (*cairo_image_surface_get_format_fn)(cairo_surface_t *surface);
static inline cairo_format_t ct_cairo_image_surface_get_format(cairo_surface_t *surface) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_cairo_symbol("cairo_image_surface_get_format"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    return ((cairo_image_surface_get_format_fn)f)(surface);
}
typedef int (*cairo_image_surface_get_height_fn)(cairo_surface_t *surface);
static inline int ct_cairo_image_surface_get_height(cairo_surface_t *surface) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_cairo_symbol("cairo_image_surface_get_height"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    return ((cairo_image_surface_get_height_fn)f)(surface);
}
typedef int (*cairo_image_surface_get_stride_fn)(cairo_surface_t *surface);
static inline int ct_cairo_image_surface_get_stride(cairo_surface_t *surface) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_cairo_symbol("cairo_image_surface_get_stride"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    return ((cairo_image_surface_get_stride_fn)f)(surface);
}
typedef int (*cairo_image_surface_get_width_fn)(cairo_surface_t *surface);
static inline int ct_cairo_image_surface_get_width(cairo_surface_t *surface) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_cairo_symbol("cairo_image_surface_get_width"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    return ((cairo_image_surface_get_width_fn)f)(surface);
}
typedef void (*cairo_line_to_fn)(cairo_t *cr, double x, double y);
static inline void ct_cairo_line_to(cairo_t *cr, double x, double y) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_cairo_symbol("cairo_line_to"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    ((cairo_line_to_fn)f)(cr, x, y);
}
typedef void (*cairo_mask_fn)(cairo_t *cr, cairo_pattern_t *pattern);
static inline void ct_cairo_mask(cairo_t *cr, cairo_pattern_t *pattern) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_cairo_symbol("cairo_mask"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    ((cairo_mask_fn)f)(cr, pattern);
}
typedef void (*cairo_mesh_pattern_begin_patch_fn)(cairo_pattern_t *pattern);
static inline void ct_cairo_mesh_pattern_begin_patch(cairo_pattern_t *pattern) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_cairo_symbol("cairo_mesh_pattern_begin_patch"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    ((cairo_mesh_pattern_begin_patch_fn)f)(pattern);
}
typedef void (*cairo_mesh_pattern_curve_to_fn)(cairo_pattern_t *pattern, double x1, double y1, double x2, double y2, double x3, double y3);
static inline void ct_cairo_mesh_pattern_curve_to(cairo_pattern_t *pattern, double x1, double y1, double x2, double y2, double x3, double y3) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_cairo_symbol("cairo_mesh_pattern_curve_to"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    ((cairo_mesh_pattern_curve_to_fn)f)(pattern, x1, y1, x2, y2, x3, y3);
}
typedef void (*cairo_mesh_pattern_end_patch_fn)(cairo_pattern_t *pattern);
static inline void ct_cairo_mesh_pattern_end_patch(cairo_pattern_t *pattern) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_cairo_symbol("cairo_mesh_pattern_end_patch"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    ((cairo_mesh_pattern_end_patch_fn)f)(pattern);
}
typedef void (*cairo_mesh_pattern_line_to_fn)(cairo_pattern_t *pattern, double x, double y);
static inline void ct_cairo_mesh_pattern_line_to(cairo_pattern_t *pattern, double x, double y) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_cairo_symbol("cairo_mesh_pattern_line_to"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    ((cairo_mesh_pattern_line_to_fn)f)(pattern, x, y);
}
typedef void (*cairo_mesh_pattern_move_to_fn)(cairo_pattern_t *pattern, double x, double y);
static inline void ct_cairo_mesh_pattern_move_to(cairo_pattern_t *pattern, double x, double y) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_cairo_symbol("cairo_mesh_pattern_move_to"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    ((cairo_mesh_pattern_move_to_fn)f)(pattern, x, y);
}
typedef void (*cairo_mesh_pattern_set_corner_color_rgba_fn)(cairo_pattern_t *pattern, unsigned int corner_num, double red, double green, double blue, double alpha);
static inline void ct_cairo_mesh_pattern_set_corner_color_rgba(cairo_pattern_t *pattern, unsigned int corner_num, double red, double green, double blue, double alpha) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_cairo_symbol("cairo_mesh_pattern_set_corner_color_rgba"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    ((cairo_mesh_pattern_set_corner_color_rgba_fn)f)(pattern, corner_num, red, green, blue, alpha);
}
typedef void (*cairo_move_to_fn)(cairo_t *cr, double x, double y);
static inline void ct_cairo_move_to(cairo_t *cr, double x, double y) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_cairo_symbol("cairo_move_to"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    ((cairo_move_to_fn)f)(cr, x, y);
}
typedef void (*cairo_new_path_fn)(cairo_t *cr);
static inline void ct_cairo_new_path(cairo_t *cr) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_cairo_symbol("cairo_new_path"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    ((cairo_new_path_fn)f)(cr);
}
typedef void (*cairo_new_sub_path_fn)(cairo_t *cr);
static inline void ct_cairo_new_sub_path(cairo_t *cr) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_cairo_symbol("cairo_new_sub_path"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    ((cairo_new_sub_path_fn)f)(cr);
}
typedef void (*cairo_paint_fn)(cairo_t *cr);
static inline void ct_cairo_paint(cairo_t *cr) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_cairo_symbol("cairo_paint"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    ((cairo_paint_fn)f)(cr);
}
typedef void (*cairo_paint_with_alpha_fn)(cairo_t *cr, double alpha);
static inline void ct_cairo_paint_with_alpha(cairo_t *cr, double alpha) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_cairo_symbol("cairo_paint_with_alpha"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    ((cairo_paint_with_alpha_fn)f)(cr, alpha);
}
typedef void (*cairo_pattern_add_color_stop_rgba_fn)(cairo_pattern_t *pattern, double offset, double red, double green, double blue, double alpha);
static inline void ct_cairo_pattern_add_color_stop_rgba(cairo_pattern_t *pattern, double offset, double red, double green, double blue, double alpha) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_cairo_symbol("cairo_pattern_add_color_stop_rgba"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    ((cairo_pattern_add_color_stop_rgba_fn)f)(pattern, offset, red, green, blue, alpha);
}
typedef cairo_pattern_t * (*cairo_pattern_create_linear_fn)(double x0, double y0, double x1, double y1);
static inline cairo_pattern_t * ct_cairo_pattern_create_linear(double x0, double y0, double x1, double y1) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_cairo_symbol("cairo_pattern_create_linear"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    return ((cairo_pattern_create_linear_fn)f)(x0, y0, x1, y1);
}
typedef cairo_pattern_t * (*cairo_pattern_create_mesh_fn)(void);
static inline cairo_pattern_t * ct_cairo_pattern_create_mesh(void) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_cairo_symbol("cairo_pattern_create_mesh"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    return ((cairo_pattern_create_mesh_fn)f)();
}
typedef cairo_pattern_t * (*cairo_pattern_create_radial_fn)(double cx0, double cy0, double radius0, double cx1, double cy1, double radius1);
static inline cairo_pattern_t * ct_cairo_pattern_create_radial(double cx0, double cy0, double radius0, double cx1, double cy1, double radius1) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_cairo_symbol("cairo_pattern_create_radial"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    return ((cairo_pattern_create_radial_fn)f)(cx0, cy0, radius0, cx1, cy1, radius1);
}
typedef void (*cairo_pattern_destroy_fn)(cairo_pattern_t *pattern);
static inline void ct_cairo_pattern_destroy(cairo_pattern_t *pattern) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_cairo_symbol("cairo_pattern_destroy"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    ((cairo_pattern_destroy_fn)f)(pattern);
}
typedef cairo_pattern_t * (*cairo_pattern_reference_fn)(cairo_pattern_t *pattern);
static inline cairo_pattern_t * ct_cairo_pattern_reference(cairo_pattern_t *pattern) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_cairo_symbol("cairo_pattern_reference"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    return ((cairo_pattern_reference_fn)f)(pattern);
}
typedef void (*cairo_pattern_set_extend_fn)(cairo_pattern_t *pattern, cairo_extend_t extend);
static inline void ct_cairo_pattern_set_extend(cairo_pattern_t *pattern, cairo_extend_t extend) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_cairo_symbol("cairo_pattern_set_extend"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    ((cairo_pattern_set_extend_fn)f)(pattern, extend);
}
typedef void (*cairo_pattern_set_filter_fn)(cairo_pattern_t *pattern, cairo_filter_t filter);
static inline void ct_cairo_pattern_set_filter(cairo_pattern_t *pattern, cairo_filter_t filter) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_cairo_symbol("cairo_pattern_set_filter"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    ((cairo_pattern_set_filter_fn)f)(pattern, filter);
}
typedef void (*cairo_pattern_set_matrix_fn)(cairo_pattern_t *pattern, const cairo_matrix_t *matrix);
static inline void ct_cairo_pattern_set_matrix(cairo_pattern_t *pattern, const cairo_matrix_t *matrix) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_cairo_symbol("cairo_pattern_set_matrix"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    ((cairo_pattern_set_matrix_fn)f)(pattern, matrix);
}
typedef cairo_surface_t * (*cairo_pdf_surface_create_for_stream_fn)(cairo_write_func_t write_func, void *closure, double width_in_points, double height_in_points);
static inline cairo_surface_t * ct_cairo_pdf_surface_create_for_stream(cairo_write_func_t write_func, void *closure, double width_in_points, double height_in_points) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_cairo_symbol("cairo_pdf_surface_create_for_stream"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    return ((cairo_pdf_surface_create_for_stream_fn)f)(write_func, closure, width_in_points, height_in_points);
}
typedef void (*cairo_pdf_surface_set_metadata_fn)(cairo_surface_t *surface, cairo_pdf_metadata_t metadata, const char *utf8);
static inline void ct_cairo_pdf_surface_set_metadata(cairo_surface_t *surface, cairo_pdf_metadata_t metadata, const char *utf8) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_cairo_symbol("cairo_pdf_surface_set_metadata"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    ((cairo_pdf_surface_set_metadata_fn)f)(surface, metadata, utf8);
}
typedef void (*cairo_pdf_surface_set_size_fn)(cairo_surface_t *surface, double width_in_points, double height_in_points);
static inline void ct_cairo_pdf_surface_set_size(cairo_surface_t *surface, double width_in_points, double height_in_points) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_cairo_symbol("cairo_pdf_surface_set_size"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    ((cairo_pdf_surface_set_size_fn)f)(surface, width_in_points, height_in_points);
}
typedef cairo_pattern_t * (*cairo_pop_group_fn)(cairo_t *cr);
static inline cairo_pattern_t * ct_cairo_pop_group(cairo_t *cr) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_cairo_symbol("cairo_pop_group"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    return ((cairo_pop_group_fn)f)(cr);
}
typedef void (*cairo_pop_group_to_source_fn)(cairo_t *cr);
static inline void ct_cairo_pop_group_to_source(cairo_t *cr) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_cairo_symbol("cairo_pop_group_to_source"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    ((cairo_pop_group_to_source_fn)f)(cr);
}
typedef void (*cairo_push_group_fn)(cairo_t *cr);
static inline void ct_cairo_push_group(cairo_t *cr) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_cairo_symbol("cairo_push_group"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    ((cairo_push_group_fn)f)(cr);
}
typedef void (*cairo_rectangle_fn)(cairo_t *cr, double x, double y, double width, double height);
static inline void ct_cairo_rectangle(cairo_t *cr, double x, double y, double width, double height) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_cairo_symbol("cairo_rectangle"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    ((cairo_rectangle_fn)f)(cr, x, y, width, height);
}
typedef void (*cairo_restore_fn)(cairo_t *cr);
static inline void ct_cairo_restore(cairo_t *cr) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_cairo_symbol("cairo_restore"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    ((cairo_restore_fn)f)(cr);
}
typedef void (*cairo_rotate_fn)(cairo_t *cr, double angle);
static inline void ct_cairo_rotate(cairo_t *cr, double angle) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_cairo_symbol("cairo_rotate"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    ((cairo_rotate_fn)f)(cr, angle);
}
typedef void (*cairo_save_fn)(cairo_t *cr);
static inline void ct_cairo_save(cairo_t *cr) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_cairo_symbol("cairo_save"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    ((cairo_save_fn)f)(cr);
}
typedef void (*cairo_scale_fn)(cairo_t *cr, double sx, double sy);
static inline void ct_cairo_scale(cairo_t *cr, double sx, double sy) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_cairo_symbol("cairo_scale"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    ((cairo_scale_fn)f)(cr, sx, sy);
}
typedef void (*cairo_set_antialias_fn)(cairo_t *cr, cairo_antialias_t antialias);
static inline void ct_cairo_set_antialias(cairo_t *cr, cairo_antialias_t antialias) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_cairo_symbol("cairo_set_antialias"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    ((cairo_set_antialias_fn)f)(cr, antialias);
}
typedef void (*cairo_set_dash_fn)(cairo_t *cr, const double *dashes, int num_dashes, double offset);
static inline void ct_cairo_set_dash(cairo_t *cr, const double *dashes, int num_dashes, double offset) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_cairo_symbol("cairo_set_dash"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    ((cairo_set_dash_fn)f)(cr, dashes, num_dashes, offset);
}
typedef void (*cairo_set_fill_rule_fn)(cairo_t *cr, cairo_fill_rule_t fill_rule);
static inline void ct_cairo_set_fill_rule(cairo_t *cr, cairo_fill_rule_t fill_rule) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_cairo_symbol("cairo_set_fill_rule"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    ((cairo_set_fill_rule_fn)f)(cr, fill_rule);
}
typedef void (*cairo_set_font_face_fn)(cairo_t *cr, cairo_font_face_t *font_face);
static inline void ct_cairo_set_font_face(cairo_t *cr, cairo_font_face_t *font_face) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_cairo_symbol("cairo_set_font_face"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    ((cairo_set_font_face_fn)f)(cr, font_face);
}
typedef void (*cairo_set_font_matrix_fn)(cairo_t *cr, const cairo_matrix_t *matrix);
static inline void ct_cairo_set_font_matrix(cairo_t *cr, const cairo_matrix_t *matrix) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_cairo_symbol("cairo_set_font_matrix"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    ((cairo_set_font_matrix_fn)f)(cr, matrix);
}
typedef void (*cairo_set_font_options_fn)(cairo_t *cr, const cairo_font_options_t *options);
static inline void ct_cairo_set_font_options(cairo_t *cr, const cairo_font_options_t *options) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_cairo_symbol("cairo_set_font_options"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    ((cairo_set_font_options_fn)f)(cr, options);
}
typedef void (*cairo_set_line_cap_fn)(cairo_t *cr, cairo_line_cap_t line_cap);
static inline void ct_cairo_set_line_cap(cairo_t *cr, cairo_line_cap_t line_cap) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_cairo_symbol("cairo_set_line_cap"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    ((cairo_set_line_cap_fn)f)(cr, line_cap);
}
typedef void (*cairo_set_line_join_fn)(cairo_t *cr, cairo_line_join_t line_join);
static inline void ct_cairo_set_line_join(cairo_t *cr, cairo_line_join_t line_join) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_cairo_symbol("cairo_set_line_join"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    ((cairo_set_line_join_fn)f)(cr, line_join);
}
typedef void (*cairo_set_line_width_fn)(cairo_t *cr, double width);
static inline void ct_cairo_set_line_width(cairo_t *cr, double width) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_cairo_symbol("cairo_set_line_width"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    ((cairo_set_line_width_fn)f)(cr, width);
}
typedef void (*cairo_set_matrix_fn)(cairo_t *cr, const cairo_matrix_t *matrix);
static inline void ct_cairo_set_matrix(cairo_t *cr, const cairo_matrix_t *matrix) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_cairo_symbol("cairo_set_matrix"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    ((cairo_set_matrix_fn)f)(cr, matrix);
}
typedef void (*cairo_set_miter_limit_fn)(cairo_t *cr, double limit);
static inline void ct_cairo_set_miter_limit(cairo_t *cr, double limit) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_cairo_symbol("cairo_set_miter_limit"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    ((cairo_set_miter_limit_fn)f)(cr, limit);
}
typedef void (*cairo_set_operator_fn)(cairo_t *cr, cairo_operator_t op);
static inline void ct_cairo_set_operator(cairo_t *cr, cairo_operator_t op) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_cairo_symbol("cairo_set_operator"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    ((cairo_set_operator_fn)f)(cr, op);
}
typedef void (*cairo_set_source_fn)(cairo_t *cr, cairo_pattern_t *source);
static inline void ct_cairo_set_source(cairo_t *cr, cairo_pattern_t *source) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_cairo_symbol("cairo_set_source"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    ((cairo_set_source_fn)f)(cr, source);
}
typedef void (*cairo_set_source_rgba_fn)(cairo_t *cr, double red, double green, double blue, double alpha);
static inline void ct_cairo_set_source_rgba(cairo_t *cr, double red, double green, double blue, double alpha) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_cairo_symbol("cairo_set_source_rgba"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    ((cairo_set_source_rgba_fn)f)(cr, red, green, blue, alpha);
}
typedef void (*cairo_set_source_surface_fn)(cairo_t *cr, cairo_surface_t *surface, double x, double y);
static inline void ct_cairo_set_source_surface(cairo_t *cr, cairo_surface_t *surface, double x, double y) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_cairo_symbol("cairo_set_source_surface"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    ((cairo_set_source_surface_fn)f)(cr, surface, x, y);
}
typedef void (*cairo_show_glyphs_fn)(cairo_t *cr, const cairo_glyph_t *glyphs, int num_glyphs);
static inline void ct_cairo_show_glyphs(cairo_t *cr, const cairo_glyph_t *glyphs, int num_glyphs) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_cairo_symbol("cairo_show_glyphs"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    ((cairo_show_glyphs_fn)f)(cr, glyphs, num_glyphs);
}
typedef void (*cairo_show_text_glyphs_fn)(cairo_t *cr, const char *utf8, int utf8_len, const cairo_glyph_t *glyphs, int num_glyphs, const cairo_text_cluster_t *clusters, int num_clusters, cairo_text_cluster_flags_t cluster_flags);
static inline void ct_cairo_show_text_glyphs(cairo_t *cr, const char *utf8, int utf8_len, const cairo_glyph_t *glyphs, int num_glyphs, const cairo_text_cluster_t *clusters, int num_clusters, cairo_text_cluster_flags_t cluster_flags) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_cairo_symbol("cairo_show_text_glyphs"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    ((cairo_show_text_glyphs_fn)f)(cr, utf8, utf8_len, glyphs, num_glyphs, clusters, num_clusters, cluster_flags);
}
typedef cairo_status_t (*cairo_status_fn)(cairo_t *cr);
static inline cairo_status_t ct_cairo_status(cairo_t *cr) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_cairo_symbol("cairo_status"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    return ((cairo_status_fn)f)(cr);
}
typedef const char * (*cairo_status_to_string_fn)(cairo_status_t status);
static inline const char * ct_cairo_status_to_string(cairo_status_t status) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_cairo_symbol("cairo_status_to_string"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    return ((cairo_status_to_string_fn)f)(status);
}
typedef void (*cairo_stroke_extents_fn)(cairo_t *cr, double *x1, double *y1, double *x2, double *y2);
static inline void ct_cairo_stroke_extents(cairo_t *cr, double *x1, double *y1, double *x2, double *y2) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_cairo_symbol("cairo_stroke_extents"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    ((cairo_stroke_extents_fn)f)(cr, x1, y1, x2, y2);
}
typedef void (*cairo_stroke_preserve_fn)(cairo_t *cr);
static inline void ct_cairo_stroke_preserve(cairo_t *cr) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_cairo_symbol("cairo_stroke_preserve"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    ((cairo_stroke_preserve_fn)f)(cr);
}
typedef void (*cairo_surface_destroy_fn)(cairo_surface_t *surface);
static inline void ct_cairo_surface_destroy(cairo_surface_t *surface) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_cairo_symbol("cairo_surface_destroy"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    ((cairo_surface_destroy_fn)f)(surface);
}
typedef void (*cairo_surface_finish_fn)(cairo_surface_t *surface);
static inline void ct_cairo_surface_finish(cairo_surface_t *surface) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_cairo_symbol("cairo_surface_finish"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    ((cairo_surface_finish_fn)f)(surface);
}
typedef void (*cairo_surface_flush_fn)(cairo_surface_t *surface);
static inline void ct_cairo_surface_flush(cairo_surface_t *surface) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_cairo_symbol("cairo_surface_flush"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    ((cairo_surface_flush_fn)f)(surface);
}
typedef void (*cairo_surface_show_page_fn)(cairo_surface_t *surface);
static inline void ct_cairo_surface_show_page(cairo_surface_t *surface) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_cairo_symbol("cairo_surface_show_page"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    ((cairo_surface_show_page_fn)f)(surface);
}
typedef cairo_status_t (*cairo_surface_status_fn)(cairo_surface_t *surface);
static inline cairo_status_t ct_cairo_surface_status(cairo_surface_t *surface) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_cairo_symbol("cairo_surface_status"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    return ((cairo_surface_status_fn)f)(surface);
}
typedef void (*cairo_transform_fn)(cairo_t *cr, const cairo_matrix_t *matrix);
static inline void ct_cairo_transform(cairo_t *cr, const cairo_matrix_t *matrix) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_cairo_symbol("cairo_transform"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    ((cairo_transform_fn)f)(cr, matrix);
}
typedef void (*cairo_translate_fn)(cairo_t *cr, double tx, double ty);
static inline void ct_cairo_translate(cairo_t *cr, double tx, double ty) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_cairo_symbol("cairo_translate"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    ((cairo_translate_fn)f)(cr, tx, ty);
}
typedef void (*cairo_user_to_device_fn)(cairo_t *cr, double *x, double *y);
static inline void ct_cairo_user_to_device(cairo_t *cr, double *x, double *y) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_cairo_symbol("cairo_user_to_device"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    ((cairo_user_to_device_fn)f)(cr, x, y);
}
#endif /* CURVETYPE_STATIC_CAIRO */

#endif
