#include <curl/curl.h>

// libcurl is opened with dlopen and its functions resolved with dlsym (VozKit's CurlLibrary), never linked.
// curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call through a function pointer: these
// call the resolved function with the one argument type each option takes, as C's default promotions pass it.

typedef CURLcode (*voz_curl_setopt_function)(CURL *, CURLoption, ...);
typedef CURLcode (*voz_curl_getinfo_function)(CURL *, CURLINFO, ...);
typedef CURLMsg *(*voz_curl_multi_info_read_function)(CURLM *, int *);

static inline CURLcode voz_curl_setopt_long(void *setopt, CURL *handle, CURLoption option, long value) {
    return ((voz_curl_setopt_function)setopt)(handle, option, value);
}

static inline CURLcode voz_curl_setopt_offset(void *setopt, CURL *handle, CURLoption option, curl_off_t value) {
    return ((voz_curl_setopt_function)setopt)(handle, option, value);
}

static inline CURLcode voz_curl_setopt_pointer(void *setopt, CURL *handle, CURLoption option, const void *value) {
    return ((voz_curl_setopt_function)setopt)(handle, option, value);
}

static inline CURLcode voz_curl_setopt_write(
    void *setopt, CURL *handle, CURLoption option, curl_write_callback callback) {
    return ((voz_curl_setopt_function)setopt)(handle, option, callback);
}

static inline CURLcode voz_curl_getinfo_long(void *getinfo, CURL *handle, CURLINFO info, long *value) {
    return ((voz_curl_getinfo_function)getinfo)(handle, info, value);
}

static inline CURLcode voz_curl_getinfo_string(void *getinfo, CURL *handle, CURLINFO info, char **value) {
    return ((voz_curl_getinfo_function)getinfo)(handle, info, value);
}

// The result of the transfer a multi handle finished, read from its message queue (CURLMsg's union is not
// something Swift reads well); CURL_LAST when no transfer has finished.
static inline CURLcode voz_curl_multi_result(void *info_read, CURLM *multi) {
    int left = 0;
    CURLMsg *message;
    while ((message = ((voz_curl_multi_info_read_function)info_read)(multi, &left)) != NULL) {
        if (message->msg == CURLMSG_DONE) return message->data.result;
    }
    return CURL_LAST;
}

// CURLOPT_PREREQFUNCTION (libcurl 7.80): called once connected, before the request is sent, with the address
// connected to. An older libcurl refuses the option; the pinned resolution (CURLOPT_RESOLVE) still holds there.
static inline CURLcode voz_curl_setopt_prereq(
    void *setopt, CURL *handle, CURLoption option, curl_prereq_callback callback) {
    return ((voz_curl_setopt_function)setopt)(handle, option, callback);
}
