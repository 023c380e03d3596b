module.exports = {
  docs: ['intro', 'install', { type: 'category', label: 'Guide', link: { type: 'doc', id: 'guide/index' }, items: ['guide/setup'] }],
};
