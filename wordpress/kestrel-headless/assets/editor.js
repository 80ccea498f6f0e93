/**
 * The block editor UI of Kestrel Headless, without a build step: plain
 * wp.element.createElement. Every section block gets a form drawn from the `kestrel.fields`
 * of its block.json (window.kestrelHeadless.blocks); the document panel "Site" holds the
 * language, SEO and page fields and the "Preview on site" button.
 */
;(function (wp, config) {
  'use strict'
  if (!wp || !config) return
  var el = wp.element.createElement
  var Fragment = wp.element.Fragment
  var useState = wp.element.useState
  var __ = wp.i18n.__
  var sprintf = wp.i18n.sprintf
  var components = wp.components
  var blockEditor = wp.blockEditor
  // The controls with their current look: WordPress 6.7 and 6.8 deprecate the old bottom
  // margin and the 36px height (a console warning per control) until 7.x makes them default.
  function withProps(Component, defaults) {
    return function (props) {
      return el(Component, Object.assign({}, defaults, props))
    }
  }
  var TextControl = withProps(components.TextControl, { __next40pxDefaultSize: true, __nextHasNoMarginBottom: true })
  var TextareaControl = withProps(components.TextareaControl, { __nextHasNoMarginBottom: true })
  var ToggleControl = withProps(components.ToggleControl, { __nextHasNoMarginBottom: true })
  var SelectControl = withProps(components.SelectControl, { __next40pxDefaultSize: true, __nextHasNoMarginBottom: true })
  var Button = components.Button

  /* ------------------------------------------------------------------ fields */

  function linkField(spec, value, onChange) {
    var link = value && typeof value === 'object' ? value : {}
    return el(
      'fieldset',
      { className: 'kestrel-field kestrel-link' },
      el('legend', null, spec.label),
      el(TextControl, {
        label: __('Label', 'kestrel-headless'),
        value: link.label || '',
        onChange: function (label) {
          onChange(Object.assign({}, link, { label: label }))
        },
      }),
      el(TextControl, {
        label: __('Link (a site path such as /contact, a URL, or #popup-newsletter)', 'kestrel-headless'),
        value: link.url || '',
        onChange: function (url) {
          onChange(Object.assign({}, link, { url: url }))
        },
      }),
    )
  }

  function imageField(spec, value, onChange) {
    var image = value && typeof value === 'object' ? value : {}
    var pick = el(blockEditor.MediaUploadCheck, null,
      el(blockEditor.MediaUpload, {
        allowedTypes: ['image'],
        value: image.id,
        onSelect: function (media) {
          onChange({ id: media.id, url: media.url, width: media.width, height: media.height, alt: media.alt || '' })
        },
        render: function (props) {
          return el(Button, { variant: 'secondary', onClick: props.open }, image.url ? __('Replace image', 'kestrel-headless') : __('Choose image', 'kestrel-headless'))
        },
      }),
    )
    return el(
      'fieldset',
      { className: 'kestrel-field kestrel-image' },
      el('legend', null, spec.label),
      image.url ? el('img', { src: image.url, alt: '', className: 'kestrel-image__preview' }) : null,
      pick,
      el(TextControl, {
        label: __('Image URL', 'kestrel-headless'),
        value: image.url || '',
        onChange: function (url) {
          onChange(Object.assign({}, image, { url: url, id: undefined }))
        },
      }),
      el(TextControl, {
        label: __('Alternative text', 'kestrel-headless'),
        value: image.alt || '',
        onChange: function (alt) {
          onChange(Object.assign({}, image, { alt: alt }))
        },
      }),
    )
  }

  function listField(spec, value, onChange) {
    var items = Array.isArray(value) ? value : []
    function update(index, next) {
      var copy = items.slice()
      copy[index] = next
      onChange(copy)
    }
    function move(index, delta) {
      var copy = items.slice()
      var target = index + delta
      if (target < 0 || target >= copy.length) return
      var item = copy.splice(index, 1)[0]
      copy.splice(target, 0, item)
      onChange(copy)
    }
    return el(
      'fieldset',
      { className: 'kestrel-field kestrel-list' },
      el('legend', null, spec.label + ' (' + items.length + ')'),
      items.map(function (item, index) {
        var title = (item && item[spec.itemTitle]) || '#' + (index + 1)
        return el(
          'details',
          { key: index, className: 'kestrel-list__item' },
          el('summary', null, title),
          fields(spec.item, item || {}, function (next) {
            update(index, next)
          }),
          el(
            'div',
            { className: 'kestrel-list__actions' },
            el(Button, { variant: 'tertiary', onClick: function () { move(index, -1) }, disabled: index === 0 }, __('Move up', 'kestrel-headless')),
            el(Button, { variant: 'tertiary', onClick: function () { move(index, 1) }, disabled: index === items.length - 1 }, __('Move down', 'kestrel-headless')),
            el(Button, { variant: 'tertiary', isDestructive: true, onClick: function () { onChange(items.filter(function (_, i) { return i !== index })) } }, __('Remove', 'kestrel-headless')),
          ),
        )
      }),
      el(Button, { variant: 'secondary', onClick: function () { onChange(items.concat([{}])) } }, __('Add', 'kestrel-headless')),
    )
  }

  function field(name, spec, value, onChange) {
    switch (spec.type) {
      case 'textarea':
      case 'html':
        return el(TextareaControl, {
          key: name,
          label: spec.label,
          value: value || '',
          rows: spec.type === 'html' ? 6 : 3,
          className: spec.type === 'html' ? 'kestrel-field kestrel-html' : 'kestrel-field',
          onChange: onChange,
        })
      case 'toggle':
        return el(ToggleControl, { key: name, label: spec.label, checked: !!value, onChange: onChange })
      case 'select':
        return el(SelectControl, { key: name, label: spec.label, value: value, options: spec.options, onChange: onChange })
      case 'form': {
        var options = [{ label: __('— choose a form —', 'kestrel-headless'), value: '' }].concat(
          Object.keys(config.forms || {}).map(function (id) {
            return { label: id + ': ' + config.forms[id], value: id }
          }),
        )
        return el(SelectControl, { key: name, label: spec.label, value: value || '', options: options, onChange: onChange })
      }
      case 'lines':
        return el(TextareaControl, {
          key: name,
          label: spec.label,
          value: Array.isArray(value) ? value.join('\n') : '',
          onChange: function (text) {
            onChange(text.split('\n').map(function (line) { return line.trim() }).filter(Boolean))
          },
        })
      case 'link':
        return el(Fragment, { key: name }, linkField(spec, value, onChange))
      case 'image':
        return el(Fragment, { key: name }, imageField(spec, value, onChange))
      case 'list':
        return el(Fragment, { key: name }, listField(spec, value, onChange))
      default:
        return el(TextControl, { key: name, label: spec.label, value: value || '', onChange: onChange })
    }
  }

  function fields(specs, values, onChange) {
    return Object.keys(specs).map(function (name) {
      return field(name, specs[name], values[name], function (next) {
        var copy = Object.assign({}, values)
        copy[name] = next
        onChange(copy)
      })
    })
  }

  /* ------------------------------------------------------------------ blocks */

  Object.keys(config.blocks).forEach(function (name) {
    var spec = config.blocks[name]
    wp.blocks.registerBlockType(name, {
      edit: function (props) {
        var blockProps = blockEditor.useBlockProps({ className: 'kestrel-block' })
        var title = spec.title || name
        return el(
          'div',
          blockProps,
          el('div', { className: 'kestrel-block__title' }, title, spec.layout ? el('code', null, spec.layout) : null),
          fields(spec.fields, props.attributes, function (next) {
            props.setAttributes(next)
          }),
        )
      },
      save: function () {
        return null
      },
    })
  })

  /* ------------------------------------------------------------------ document panel */

  // wp.editor's panel (WordPress 6.6+; wp.editPost's is deprecated since then).
  var PluginDocumentSettingPanel = wp.editor && wp.editor.PluginDocumentSettingPanel
  if (!PluginDocumentSettingPanel || !wp.plugins) return

  function SitePanel() {
    var data = wp.data.useSelect(function (select) {
      var editor = select('core/editor')
      return {
        type: editor.getCurrentPostType(),
        id: editor.getCurrentPostId(),
        meta: editor.getEditedPostAttribute('meta') || {},
      }
    }, [])
    var dispatch = wp.data.useDispatch('core/editor')
    var state = useState('')
    var message = state[0]
    var setMessage = state[1]
    var linkState = useState('')
    var link = linkState[0]
    var setLink = linkState[1]
    // Items (case studies and other content types the site shows, decision 029) get the preview alone.
    var isItem = (config.itemTypes || []).indexOf(data.type) !== -1
    if (['page', 'post', 'kestrel_popup'].indexOf(data.type) === -1 && !isItem) return null
    function setMeta(key) {
      return function (value) {
        var meta = {}
        meta[key] = value
        dispatch.editPost({ meta: meta })
      }
    }
    // What WordPress's own Preview saves (wp.editor's __unstableSaveForPreview): a draft is
    // saved; a published document's changes go to the editor's autosave, so the live page
    // stays as visitors see it until the editor updates it. Meta boxes (a flexible content
    // field's rows) are posted as the classic editor's Preview posts them, which WordPress
    // turns into the autosave and ACF/SCF into the autosave's field values
    // (includes/previews.php reads them there).
    function saveForPreview() {
      var editor = wp.data.select('core/editor')
      if (editor.isPostLocked()) return Promise.resolve()
      var status = editor.getEditedPostAttribute('status')
      if (status === 'draft' || status === 'auto-draft') {
        return Promise.resolve(dispatch.savePost({ isPreview: true })).then(function () {
          // savePost does not reject: a failed save leaves its notice, and the preview would show the old draft.
          if (wp.data.select('core/editor').didPostSaveRequestFail()) throw new Error(__('The draft could not be saved.', 'kestrel-headless'))
        })
      }
      var metaBoxes = wp.editPost ? wp.data.select('core/edit-post') : null
      if (metaBoxes && metaBoxes.hasMetaBoxes() && window._wpMetaBoxUrl) return postMetaBoxesForPreview(editor, metaBoxes)
      return Promise.resolve(editor.isEditedPostAutosaveable() ? dispatch.autosave({ isPreview: true }) : null)
    }
    // The form WordPress posts when it saves meta boxes (wp.editPost's requestMetaBoxUpdates),
    // with the editor's title, content and excerpt, as a preview (post.php, wp-preview=dopreview).
    function postMetaBoxesForPreview(editor, metaBoxes) {
      var body = new window.FormData(document.querySelector('.metabox-base-form'))
      metaBoxes.getActiveMetaBoxLocations().forEach(function (location) {
        var form =
          document.querySelector('.edit-post-meta-boxes-area.is-' + location + ' .metabox-location-' + location) ||
          document.querySelector('#metaboxes .metabox-location-' + location)
        if (form) new window.FormData(form).forEach(function (value, key) { body.append(key, value) })
      })
      body.set('wp-preview', 'dopreview')
      // ACF/SCF keeps the posted fields in the autosave only when its form says they changed;
      // otherwise it copies the published values over them. The preview is of the form as it is.
      if (body.has('_acf_changed')) body.set('_acf_changed', '1')
      body.set('post_title', editor.getEditedPostAttribute('title') || '')
      body.set('content', editor.getEditedPostContent())
      body.set('excerpt', editor.getEditedPostAttribute('excerpt') || '')
      return window
        .fetch(window._wpMetaBoxUrl, { method: 'POST', body: body, credentials: 'same-origin', redirect: 'manual' })
        .then(function (response) {
          // WordPress answers a saved preview with a redirect to it (post_preview), anything else with an error page.
          if (response.type !== 'opaqueredirect') {
            throw new Error(sprintf(__('WordPress did not save the changes for the preview (HTTP %d).', 'kestrel-headless'), response.status))
          }
        })
    }
    // As WordPress's own Preview button: the window opens on the click itself, while the
    // browser still counts it as the editor's gesture. Opened after the save (seconds on a
    // busy server), it is blocked as a popup, and the editor sees nothing happen.
    function openPreviewWindow(name) {
      var preview = window.open('', name)
      if (!preview) return null
      try {
        var text = preview.document.createElement('p')
        text.textContent = __('Saving and preparing the preview…', 'kestrel-headless')
        preview.document.title = __('Preview on site', 'kestrel-headless')
        preview.document.documentElement.lang = document.documentElement.lang
        preview.document.body.replaceChildren(text)
        preview.focus()
      } catch {
        // The window already shows this document's preview (another origin): it only reloads.
      }
      return preview
    }
    function previewOnSite() {
      setMessage('')
      setLink('')
      var preview = openPreviewWindow('kestrel-preview-' + data.id)
      saveForPreview()
        .then(function () {
          return wp.apiFetch({ path: '/kestrel/v1/preview-link/' + data.id })
        })
        .then(function (answer) {
          if (preview && !preview.closed) preview.location.href = answer.url
          // Blocked all the same (a browser that allows no popups): the link, to open by hand.
          else setLink(answer.url)
        })
        .catch(function (error) {
          if (preview && !preview.closed) preview.close()
          setMessage((error && error.message) || __('The preview link could not be made.', 'kestrel-headless'))
        })
    }
    function previewControls() {
      return [
        config.previewReady
          ? el(Button, { key: 'preview', variant: 'secondary', onClick: previewOnSite }, __('Preview on site', 'kestrel-headless'))
          : el('p', { key: 'preview' }, __('Set the site URL and the preview secret in Settings → Kestrel Headless to preview on the site.', 'kestrel-headless')),
        message ? el(components.Notice, { key: 'message', status: 'error', isDismissible: false }, message) : null,
        link
          ? el(components.Notice, { key: 'link', status: 'warning', isDismissible: false },
              __('The browser did not open a window.', 'kestrel-headless') + ' ',
              el(components.ExternalLink, { href: link }, __('Open the preview', 'kestrel-headless')))
          : null,
      ]
    }
    if (isItem) return el(PluginDocumentSettingPanel, { name: 'kestrel-site', title: __('Site', 'kestrel-headless'), initialOpen: true }, previewControls())
    var children = []
    if (config.languageMode === 'builtin' && config.locales.length > 1) {
      children.push(
        el(SelectControl, {
          key: 'locale',
          label: __('Language', 'kestrel-headless'),
          value: data.meta.kestrel_locale || config.defaultLocale,
          options: config.locales.map(function (code) { return { label: code, value: code } }),
          onChange: setMeta('kestrel_locale'),
        }),
        el(TextControl, {
          key: 'original',
          type: 'number',
          label: __('Translation of (id of the original)', 'kestrel-headless'),
          value: data.meta.kestrel_translation_of || '',
          onChange: function (value) { setMeta('kestrel_translation_of')(parseInt(value, 10) || 0) },
        }),
      )
    }
    if (data.type === 'kestrel_popup') {
      children.push(
        el(TextControl, { key: 'classname', label: __('Class names', 'kestrel-headless'), value: data.meta.kestrel_classname || '', onChange: setMeta('kestrel_classname') }),
        field('form', { type: 'form', label: __('Form in the popup', 'kestrel-headless') }, data.meta.kestrel_form_id, setMeta('kestrel_form_id')),
      )
      return el(PluginDocumentSettingPanel, { name: 'kestrel-site', title: __('Site', 'kestrel-headless') }, children)
    }
    children.push(
      el(TextControl, { key: 'title', label: __('Document title (SEO)', 'kestrel-headless'), value: data.meta.kestrel_meta_title || '', onChange: setMeta('kestrel_meta_title') }),
      el(TextareaControl, { key: 'description', label: __('Meta description', 'kestrel-headless'), value: data.meta.kestrel_meta_description || '', onChange: setMeta('kestrel_meta_description') }),
      el(TextControl, { key: 'robots', label: __('Robots', 'kestrel-headless'), help: 'index,follow · noindex', value: data.meta.kestrel_meta_robots || '', onChange: setMeta('kestrel_meta_robots') }),
      el(TextControl, { key: 'classes', label: __('Body classes', 'kestrel-headless'), value: data.meta.kestrel_body_classes || '', onChange: setMeta('kestrel_body_classes') }),
      el(TextareaControl, { key: 'css', label: __('CSS for this page', 'kestrel-headless'), value: data.meta.kestrel_custom_css || '', onChange: setMeta('kestrel_custom_css') }),
      el(ToggleControl, { key: 'gone', label: __('Answer as not found (404 on the site)', 'kestrel-headless'), checked: !!data.meta.kestrel_not_found, onChange: setMeta('kestrel_not_found') }),
      el(ToggleControl, { key: 'chat-off', label: __('No live chat on this page', 'kestrel-headless'), checked: !!data.meta.kestrel_chat_off, onChange: setMeta('kestrel_chat_off') }),
    )
    children.push.apply(children, previewControls())
    return el(PluginDocumentSettingPanel, { name: 'kestrel-site', title: __('Site', 'kestrel-headless'), initialOpen: true }, children)
  }

  wp.plugins.registerPlugin('kestrel-headless', { render: SitePanel, icon: null })
})(window.wp, window.kestrelHeadless)
